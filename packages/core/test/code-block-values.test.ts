import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

// `<CodeBlock language="Python">{PyUsage}</CodeBlock>` with `PyUsage` a string a snippet exports:
// lancedb's docs write some 540 blocks so. The code is known only when the page renders; it must
// come out as the same block written with literal text does.

const test = suite('code block values');

// Python with a `[!code highlight]` marker (removed from the copied code), and TypeScript in a
// template literal. Themes other than the defaults, as lancedb's docs.json sets them.
const python = 'import lancedb\n\ndb = lancedb.connect("~/.lancedb")  # [!code highlight]\nprint(db.table_names())\n';
const typescript = 'const db = await lancedb.connect("data");\nconsole.log(await db.tableNames());';

const files = {
  'docs.json': JSON.stringify({
    name: 'Values',
    theme: 'mint',
    styling: { codeblocks: { theme: { light: 'vitesse-light', dark: 'catppuccin-mocha' } } },
    navigation: { pages: ['literal', 'value', 'unknown'] },
  }),
  'snippets/usage.mdx': `export const PyUsage = ${JSON.stringify(python)};\n\nexport const TsUsage = \`${typescript}\`;\n`,
  'literal.mdx': [
    '# Code',
    '',
    '<CodeGroup>',
    `  <CodeBlock filename="Python" language="Python" icon="python" lines highlight="{1}">{${JSON.stringify(python)}}</CodeBlock>`,
    `  <CodeBlock filename="TypeScript" language="TypeScript" icon="square-js">{${JSON.stringify(typescript)}}</CodeBlock>`,
    '</CodeGroup>',
    '',
    `<CodeBlock language="rust">{${JSON.stringify('fn main() {}')}}</CodeBlock>`,
  ].join('\n'),
  'value.mdx': [
    "import { PyUsage, TsUsage } from '/snippets/usage.mdx';",
    '',
    "export const RsMain = 'fn main() {}';",
    '',
    '# Code',
    '',
    '<CodeGroup>',
    '  <CodeBlock filename="Python" language="Python" icon="python" lines highlight="{1}">',
    '    {PyUsage}',
    '  </CodeBlock>',
    '  <CodeBlock filename="TypeScript" language="TypeScript" icon="square-js">{TsUsage}</CodeBlock>',
    '</CodeGroup>',
    '',
    '<CodeBlock language="rust">{RsMain}</CodeBlock>',
  ].join('\n'),
  // Values that are not text: an element a function returns, a name the snippet does not
  // export (`undefined`), a prop of a snippet component nobody passed.
  'unknown.mdx': [
    "import { Missing } from '/snippets/usage.mdx';",
    "import Sample from '/snippets/sample.mdx';",
    '',
    'export const make = () => <span>not text</span>;',
    '',
    '<CodeBlock language="python">{make()}</CodeBlock>',
    '',
    '<CodeBlock language="python">{Missing}</CodeBlock>',
    '',
    '<Sample />',
  ].join('\n'),
  'snippets/sample.mdx': '<CodeBlock language="js">{props.code}</CodeBlock>\n',
};

/** Each code block of a page: its `<figure>`. */
function codeOf(html: string): string[] {
  return [...html.matchAll(/<figure[^>]*class="dg-code code-block"[\s\S]*?<\/figure>/g)].map((match) => match[0]);
}

test('should highlight a block whose code is a constant a snippet exports or the page defines, as the block with literal text', async () => {
  const root = writeTempProject(files, 'docsgen-code-values-');
  // A worker thread renders the pages, as in `docsgen build`.
  const result = await buildSite(root, { workers: 1 });
  assert.ok(result.ok, JSON.stringify(result.messages));
  const read = (path: string) => readFileSync(join(root, 'dist', path), 'utf8');
  const literal = codeOf(read('literal.html'));
  const value = codeOf(read('value.html'));
  assert.is(literal.length, 3);
  assert.equal(value, literal);
  // Highlighted with the site's themes, the marker applied and the language matched in any case.
  assert.ok(value.every((figure) => !figure.includes('dg-code-plain')));
  assert.match(value[0]!, /<pre class="shiki shiki-themes vitesse-light catppuccin-mocha (?=[^"]*\bline-numbers\b)(?=[^"]*\bhas-highlighted\b)/);
  assert.match(value[0]!, 'data-language="python"');
  assert.match(value[0]!, '<span class="line highlighted">');
  assert.match(value[1]!, 'data-language="typescript"');
  assert.match(value[2]!, 'data-language="rust"');
  // The twin fences the same code, as copied, with the language as written.
  const twin = (page: string) => read(`${page}.md`).replace(/^[\s\S]*?# Code/, '');
  assert.is(twin('value'), twin('literal'));
  assert.match(twin('value'), '```Python Python\nimport lancedb\n\ndb = lancedb.connect("~/.lancedb")\nprint(db.table_names())\n```');
  // Built again in this thread, without the cache: the same bytes.
  const again = await buildSite(root, { workers: 0, cache: false });
  assert.ok(again.ok);
  assert.equal(codeOf(read('value.html')), literal);
  rmSync(root, { recursive: true, force: true });
});

test('should render a value that is not text as plain text, as before, without failing the page', async () => {
  const root = writeTempProject(files, 'docsgen-code-values-');
  const site = await createSite(root, { mode: 'build' });
  const page = await site.render('unknown');
  assert.ok(page);
  assert.equal(page.messages.filter((message) => message.fatal), []);
  const figures = codeOf(page.html);
  assert.is(figures.length, 3);
  assert.ok(figures.every((figure) => figure.includes('<pre class="dg-code-plain">')));
  assert.match(figures[0]!, '<span class="line">not text</span>');
  rmSync(root, { recursive: true, force: true });
});

test('should highlight the new code after the snippet changes, in `docsgen dev`', async () => {
  const root = writeTempProject(files, 'docsgen-code-values-');
  const site = await createSite(root, { mode: 'dev' });
  const before = codeOf((await site.render('value'))!.html);
  assert.match(before[0]!, 'lancedb');
  const snippet = join(root, 'snippets', 'usage.mdx');
  writeFileSync(snippet, readFileSync(snippet, 'utf8').replace('print(db.table_names())', 'print(db.open_table(0).count_rows())'));
  assert.ok(site.invalidate(snippet).includes('value'));
  const after = codeOf((await site.render('value'))!.html);
  assert.match(after[0]!, '<pre class="shiki');
  assert.match(after[0]!, 'count_rows');
  assert.not.match(after[0]!, 'table_names');
  rmSync(root, { recursive: true, force: true });
});

test.run();
