import { rmSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

// Names a page or component uses without declaring them, as pages written for the hosted
// platform do (Arize-ai/phoenix: `DELETE /v1/users/{id}` inside `<Update>`, and a
// `ReleaseUpdate.jsx` that wraps its content in `<Update>` without importing it).
const test = suite('names a page or component uses undeclared');

const project = (files: Record<string, string>): string =>
  writeTempProject({ 'docs.json': JSON.stringify({ name: 'Names', navigation: { pages: ['index'] } }), ...files }, 'docsgen-names-');

const errorsOf = (page: { messages: { fatal: boolean; reason: string }[] } | undefined) => (page?.messages ?? []).filter((message) => message.fatal).map((message) => message.reason);

test('should read `{id}` as an undefined prop on a page that uses a provided component', async () => {
  const root = project({
    'index.mdx': '# Users\n\n<Update label="v2">\n  Delete with `DELETE /v1/users/{id}` or <code>DELETE /v1/users/{id}</code>.\n</Update>\n\n{[1, 2].map((item) => <b key={item}>{item}</b>)}\n',
  });
  try {
    const page = await (await createSite(root)).render('index');
    assert.equal(errorsOf(page), []);
    assert.match(page?.html ?? '', '<code>DELETE /v1/users/</code>');
    assert.match(page?.html ?? '', '<b>1</b><b>2</b>');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should give a page’s content `React` and its hooks, not props of those names', async () => {
  // agno-agi/docs' home page: a blinking cursor drawn by an inline function in the content.
  const root = project({
    'index.mdx': '# Home\n\n<h1>\n  Agents\n  {(() => {\n    const [visible] = React.useState(true);\n    const [count] = useState(3);\n    return <span data-visible={String(visible)}>{count}</span>;\n  })()}\n</h1>\n',
  });
  try {
    const page = await (await createSite(root)).render('index');
    assert.equal(errorsOf(page), []);
    assert.match(page?.html ?? '', '<span data-visible="true">3</span>');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should give a `.jsx` component docsgen’s components unimported, and leave its own', async () => {
  const root = project({
    'index.mdx': "import { ReleaseUpdate } from '/snippets/release-update.jsx';\nimport { Boxed } from '/snippets/boxed.jsx';\n\n# Notes\n\n<ReleaseUpdate label=\"08.17.2026\" title=\"Filters\">\n  New filters.\n</ReleaseUpdate>\n\n<Boxed>Inside</Boxed>\n",
    'snippets/release-update.jsx': 'export const ReleaseUpdate = ({ label, title, children }) => (\n  <Update label={label}>\n    <h2>{label}: {title}</h2>\n    {children}\n    <Note>Read the full update.</Note>\n  </Update>\n);\n',
    'snippets/boxed.jsx': 'const Note = ({ children }) => <aside className="own-note">{children}</aside>;\nexport const Boxed = ({ children }) => <Note>{children}</Note>;\n',
  });
  try {
    const page = await (await createSite(root)).render('index');
    assert.equal(errorsOf(page), []);
    const html = page?.html ?? '';
    assert.match(html, /class="dg-update update"[^]*08\.17\.2026: Filters[^]*New filters\.[^]*Read the full update\./);
    assert.match(html, /<div[^>]*class="[^"]*dg-callout[^"]*"[^]*Read the full update\./, 'the built-in Note');
    assert.match(html, '<aside class="own-note">Inside</aside>', 'a component declaring Note keeps its own');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
