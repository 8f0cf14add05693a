import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const site = suite('site');
const fixture = fileURLToPath(new URL('../../../fixtures/every-component/', import.meta.url));

const project = (files: Record<string, string>): string => writeTempProject({ 'docs.json': JSON.stringify({ name: 'Test', navigation: { pages: ['index'] } }), ...files }, 'docsgen-site-');

const messagesOf = (page: { messages: { ruleId: string; line?: number; column?: number; fatal: boolean }[] } | undefined) =>
  (page?.messages ?? []).map((m) => `${m.line}:${m.column} ${m.fatal ? 'error' : 'warning'} ${m.ruleId}`);

/** Text outside fenced code blocks. */
const outsideCode = (markdown: string) => markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');

site('should render every page of the every-component fixture with zero messages', async () => {
  const s = await createSite(fixture);
  assert.equal(s.messages, []);
  assert.is(s.pages.size, 10);
  for (const slug of s.pages.keys()) {
    const page = await s.render(slug);
    assert.equal(messagesOf(page), [], slug);
    assert.ok((page?.html.length ?? 0) > 0, `${slug} has HTML`);
  }
});

site('should give Markdown twins with no HTML or JSX outside code', async () => {
  const s = await createSite(fixture);
  for (const slug of s.pages.keys()) {
    const twin = await s.markdown(slug);
    assert.ok(twin, slug);
    assert.equal(messagesOf(twin as never), [], slug);
    assert.ok(twin.markdown.startsWith(`# ${s.pages.get(slug)?.title}\n`), `${slug} starts with its title`);
    assert.not.match(outsideCode(twin.markdown), /<\/?[A-Za-z][^>]*>/, `${slug} has no tags:\n${twin.markdown}`);
  }
});

site('should inline snippets with their props, run project components and expose the virtual modules', async () => {
  const s = await createSite(fixture);
  const page = await s.render('snippets-and-modules');
  const html = page?.html ?? '';
  assert.match(html, 'Hello, hi from Earth!');
  assert.match(html, 'The answer is 42.');
  assert.match(html, '<span class="counter">Count: 3</span>');
  assert.match(html, 'The site is Every component with 10 pages, 10 routes and the base theme.');
  const twin = await s.markdown('snippets-and-modules');
  assert.match(twin?.markdown ?? '', 'Hello, hi from Earth!');
});

site('should warn about a page the navigation lists without a file, at its place, and leave it out of the sidebar', async () => {
  const text = JSON.stringify({ name: 'Test', navigation: { pages: ['index', 'quickstrat'] } }, null, 2);
  const root = project({ 'docs.json': text, 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n', 'quickstart.mdx': '---\ntitle: Quickstart\n---\n' });
  const s = await createSite(root, { mode: 'build' });
  const missing = s.messages.filter((message) => message.ruleId === 'nav-page-missing');
  assert.equal(missing.map((message) => [message.fatal, message.line]), [[false, text.split('\n').findIndex((line) => line.includes('"quickstrat"')) + 1]]);
  assert.match(missing[0]!.note ?? '', 'Did you mean `quickstart`?');
  assert.not.match((await s.render('index'))?.html ?? '', 'quickstrat');
  rmSync(root, { recursive: true, force: true });
});

site('should label a code group\'s tabs from the fences of the snippets it shows', async () => {
  const root = project({
    'index.mdx': [
      'import Py from "/snippets/py.mdx";',
      'import Js from "/snippets/js.mdx";',
      'import Sh from "/snippets/sh.md";',
      'import Plain from "/snippets/plain.mdx";',
      '',
      '<CodeGroup>',
      '<Py />',
      '<Js />',
      '<Sh />',
      '<Plain />',
      '```go Written here',
      'fmt.Println(1)',
      '```',
      '</CodeGroup>',
      '',
    ].join('\n'),
    // A snippet rendered from its tree, one compiled to JavaScript, a Markdown one, and one without a title.
    'snippets/py.mdx': '```python Python icon="python"\nprint(1)\n```\n',
    'snippets/js.mdx': 'export const version = 2;\n\n```javascript Node\nconsole.log({version});\n```\n',
    'snippets/sh.md': '```bash cURL\ncurl https://example.com\n```\n',
    'snippets/plain.mdx': '```ruby\nputs 1\n```\n',
  });
  const s = await createSite(root);
  const page = await s.render('index');
  assert.equal(messagesOf(page), []);
  assert.equal([...(page?.html ?? '').matchAll(/data-label="([^"]*)"/g)].map((match) => match[1]), ['Python', 'Node', 'cURL', 'ruby', 'Written here']);
  assert.match(page?.html ?? '', 'data-icon="python"');
  const twin = await s.markdown('index');
  assert.match(twin?.markdown ?? '', '#### Node');
  rmSync(root, { recursive: true, force: true });
});

site('should show `Visibility` content to humans on the page and to agents in the twin', async () => {
  const s = await createSite(fixture);
  const html = (await s.render('interactive'))?.html ?? '';
  const markdown = (await s.markdown('interactive'))?.markdown ?? '';
  assert.match(html, 'Only people see this.');
  assert.not.match(html, 'Only agents read this.');
  assert.match(markdown, 'Only agents read this.');
  assert.not.match(markdown, 'Only people see this.');
});

site('should render `.md` pages as Markdown with raw HTML, without comments', async () => {
  const s = await createSite(fixture);
  const html = (await s.render('plain-markdown'))?.html ?? '';
  assert.match(html, '<table>');
  assert.match(html, 'Raw <strong>HTML</strong> works.');
  assert.not.match(html, 'a comment that must not show');
  assert.match(html, '--shiki-light');
});

site('should turn relative images into absolute paths and math into KaTeX', async () => {
  const s = await createSite(fixture);
  assert.match((await s.render('media'))?.html ?? '', 'src="/images/card.png"');
  const code = await s.render('code');
  assert.match(code?.html ?? '', 'class="katex');
  assert.ok(code?.hasMermaid, 'the page has a mermaid diagram');
  assert.ok(code?.hasMath, 'the page has math');
});

site('should take the title from frontmatter, else the first heading, else the file name', async () => {
  const root = project({
    'index.mdx': '---\ntitle: From frontmatter\n---\n# Heading\n',
    'guides/from-heading.mdx': '```md\n# Not this\n```\n\n# The *real* heading\n',
    'guides/getting-started.md': 'No heading.\n',
  });
  const s = await createSite(root);
  assert.is(s.pages.get('index')?.title, 'From frontmatter');
  assert.is(s.pages.get('guides/from-heading')?.title, 'The real heading');
  assert.is(s.pages.get('guides/getting-started')?.title, 'Getting started');
  // The twin repeats no title: a heading title is already in the body.
  const twin = (await s.markdown('guides/from-heading'))?.markdown ?? '';
  assert.is(outsideCode(twin).match(/^# /gm)?.length, 1, twin);
  assert.ok(twin.startsWith('```md'), 'no empty head before the body');
  assert.match((await s.markdown('guides/getting-started'))?.markdown ?? '', /^# Getting started\n/);
  rmSync(root, { recursive: true });
});

site('should warn about an unknown component at its position and render its children', async () => {
  const root = project({ 'index.mdx': '# Hi\n\n<Frobnicate size="2">Inner text</Frobnicate>\n' });
  const page = await (await createSite(root)).render('index');
  assert.equal(messagesOf(page), ['3:1 warning component-unknown']);
  assert.match(page?.html ?? '', 'Inner text');
  rmSync(root, { recursive: true });
});

site('should read the platform\'s <Link href> as a link, in the page and its twin', async () => {
  const root = project({
    'index.mdx': '# Hi\n\nStart with the <Link href="quickstart">quickstart</Link>.\n',
    'quickstart.mdx': '# Quickstart\n',
  });
  const s = await createSite(root);
  const page = await s.render('index');
  assert.equal(messagesOf(page), []);
  assert.match(page?.html ?? '', /<p>Start with the <a href="\/quickstart">quickstart<\/a>\.<\/p>/);
  assert.match((await s.markdown('index'))?.markdown ?? '', 'Start with the [quickstart](/quickstart).');
  rmSync(root, { recursive: true });
});

site('should warn as the site loads about navigation and frontmatter icons no library draws, as `docsgen check` does', async () => {
  const root = project({
    'docs.json': JSON.stringify({ name: 'Icons', navigation: { groups: [{ group: 'Start', icon: 'no-such-icon-a', pages: ['index', 'other'] }] } }),
    'index.mdx': '---\ntitle: Home\nicon: no-such-icon-b\n---\n\nHi.\n',
    'other.mdx': '---\ntitle: Other\nicon: screen-users\n---\n\nA Pro name drawn with a free icon.\n',
  });
  const s = await createSite(root);
  const icons = s.messages.filter((message) => message.ruleId === 'icon-unknown');
  assert.equal(icons.map((message) => [message.actual, message.file?.slice(root.length + 1), message.fatal]), [
    ['no-such-icon-a', 'docs.json', false],
    ['no-such-icon-b', 'index.mdx', false],
  ]);
  assert.ok(typeof icons[0]?.line === 'number', 'placed in docs.json');
  rmSync(root, { recursive: true });
});

site('should report MDX syntax errors with their position and keep other pages rendering', async () => {
  const root = project({
    'index.mdx': '# Fine\n',
    'broken.mdx': '# Title\n\nSome text <Note>unclosed\n',
    'expression.mdx': '# Title\n\nValue: {1 +}\n',
  });
  const s = await createSite(root);
  const broken = await s.render('broken');
  assert.is(broken?.messages[0]?.ruleId, 'mdx-syntax');
  assert.is(broken?.messages[0]?.fatal, true);
  assert.ok((broken?.messages[0]?.line ?? 0) >= 3, 'the line of the error');
  const expression = await s.render('expression');
  assert.equal(
    expression?.messages.map((m) => [m.ruleId, m.line]),
    [['mdx-syntax', 3]],
  );
  assert.match((await s.render('index'))?.html ?? '', 'Fine');
  rmSync(root, { recursive: true });
});

site('should report a component that throws as a message, not a crash', async () => {
  const root = project({
    'index.mdx': "export const Boom = () => { throw new Error('kaboom') };\n\n<Boom />\n",
  });
  const page = await (await createSite(root)).render('index');
  assert.equal(page?.messages.map((m) => m.ruleId), ['render-error']);
  assert.match(page?.messages[0]?.reason ?? '', 'kaboom');
  rmSync(root, { recursive: true });
});

site('should report a bad snippet import and an import cycle with positions', async () => {
  const root = project({
    'index.mdx': "import Missing from '/snippets/missing.mdx';\n\n<Missing />\n",
    'cycle.mdx': "import A from '/snippets/a.mdx';\n\n<A />\n",
    'snippets/a.mdx': "import B from './b.mdx';\n\nA <B />\n",
    'snippets/b.mdx': "import A from './a.mdx';\n\nB <A />\n",
    'outside.mdx': "import X from '../../etc/passwd';\n\n<X />\n",
  });
  const s = await createSite(root);
  assert.equal((await s.render('index'))?.messages.map((m) => [m.ruleId, m.line, m.column]), [['module-not-found', 1, 21]]);
  const cycle = await s.render('cycle');
  assert.equal(cycle?.messages.map((m) => m.ruleId), ['module-import-cycle']);
  assert.match(cycle?.messages[0]?.reason ?? '', '`snippets/a.mdx` → `snippets/b.mdx` → `snippets/a.mdx`');
  assert.equal((await s.render('outside'))?.messages.map((m) => m.ruleId), ['module-outside-root']);
  rmSync(root, { recursive: true });
});

site('should warn, not fail, on a missing file imported only for a component inside a comment', async () => {
  const root = project({
    'index.mdx': "import Gone from '/snippets/gone.mdx';\nimport { Kept } from '/snippets/kept.mdx';\n\n# Hello\n\n{/* <Gone /> */}\n\n<Kept />\n",
    'used.mdx': "import Gone from '/snippets/gone.mdx';\n\n{/* old */}\n\n<Gone />\n",
    'snippets/kept.mdx': 'export const Kept = () => <b>kept here</b>;\n',
  });
  const s = await createSite(root);
  const page = await s.render('index');
  assert.equal(messagesOf(page), ['1:18 warning module-not-found']);
  assert.match(page?.messages[0]?.reason ?? '', 'the page does not use it');
  assert.match(page?.html ?? '', 'kept here');
  assert.match(page?.html ?? '', 'Hello');
  // Used, it is a warning too: the page builds without it.
  assert.equal(messagesOf(await s.render('used')), ['1:18 warning module-not-found']);
  rmSync(root, { recursive: true });
});

site('should build a page whose used snippet is missing, and pick the snippet up once it is there', async () => {
  // The hosted platform builds such a page (a starter's `essentials/reusable-snippets.mdx`
  // left behind when `snippets/snippet-intro.mdx` was deleted): so does docsgen, and warns.
  const root = project({
    'index.mdx': "import Intro from '/snippets/intro.mdx';\nimport { Named, value } from '/snippets/named.jsx';\n\nBefore.\n\n<Intro />\n\nText <Named x=\"1\">kept child</Named> after {value}.\n",
  });
  const s = await createSite(root);
  const page = await s.render('index');
  assert.equal(messagesOf(page), ['1:19 warning module-not-found', '2:30 warning module-not-found']);
  assert.match(page?.messages[0]?.reason ?? '', 'the page builds without it');
  assert.match(page?.html ?? '', 'Before.');
  assert.match(page?.html ?? '', /Text kept child after \.?/);
  // A build's cache sees where the files would be: once one is there, the page renders again.
  assert.ok(s.dependencies('index').some((dependency) => dependency.file === join(root, 'snippets/intro.mdx') && dependency.hash === 'absent'));
  // The dev server tells the site about a new file; the page then finds its snippet.
  mkdirSync(join(root, 'snippets'));
  writeFileSync(join(root, 'snippets/intro.mdx'), 'Intro from the snippet.\n');
  assert.equal(s.invalidate(join(root, 'snippets/intro.mdx')), ['index']);
  const again = await s.render('index');
  assert.match(again?.html ?? '', 'Intro from the snippet.');
  assert.equal(messagesOf(again), ['2:30 warning module-not-found']);
  rmSync(root, { recursive: true });
});

site('should render an <Update> label written as JSX, anchored and listed by its text', async () => {
  const label = (text: string) => `<Update label={<><Icon icon="rocket" size={16} /><span style={{marginLeft: '8px'}}>${text}</span></>} tags={["Start"]}>\n\nBody of ${text}.\n\n</Update>`;
  const root = project({ 'index.mdx': `---\ntitle: Examples\n---\n\n${label('Quickstart')}\n\n${label('Simple Chatbot')}\n` });
  const page = await (await createSite(root)).render('index');
  assert.equal(messagesOf(page), []);
  const html = page?.html ?? '';
  assert.match(html, /<section id="quickstart" data-label="Quickstart" class="dg-update update">/);
  assert.match(html, /<h2 class="dg-update-label"><svg[^>]*data-icon="rocket"[^]*?<span style="margin-left:8px;">Quickstart<\/span><a href="#quickstart"/);
  assert.match(html, 'id="simple-chatbot"');
  rmSync(root, { recursive: true });
});

site('should import snippets by root path, relative path or folder index, never through a link that leaves the project', async () => {
  const root = project({
    'index.mdx': "import A from '/snippets/a';\nimport B from './snippets/b.mdx';\nimport C from '/snippets/c';\n\n<A /> <B /> <C />\n",
    'snippets/a.mdx': 'Alpha snippet.\n',
    'snippets/b.mdx': 'Beta snippet.\n',
    'snippets/c/index.mdx': 'Gamma snippet.\n',
    'linked.mdx': "import L from '/snippets/linked.mdx';\n\n<L />\n",
    'root-escape.mdx': "import R from '/../outside.mdx';\n\n<R />\n",
  });
  const outside = join(root, '..', `${basename(root)}-outside.mdx`);
  writeFileSync(outside, 'Secret.\n');
  symlinkSync(outside, join(root, 'snippets', 'linked.mdx'));
  try {
    const s = await createSite(root);
    const index = await s.render('index');
    assert.equal(index?.messages, []);
    for (const text of ['Alpha snippet.', 'Beta snippet.', 'Gamma snippet.']) assert.match(index?.html ?? '', text);
    const linked = await s.render('linked');
    assert.equal(linked?.messages.map((m) => m.ruleId), ['module-outside-root']);
    assert.match(linked?.messages[0]?.reason ?? '', 'links to a file outside the project root');
    assert.not.match(linked?.html ?? '', 'Secret.');
    assert.equal((await s.render('root-escape'))?.messages.map((m) => m.ruleId), ['module-outside-root']);
  } finally {
    rmSync(root, { recursive: true });
    rmSync(outside, { force: true });
  }
});

site('should re-render exactly the pages that import an edited snippet', async () => {
  const root = project({
    'index.mdx': "import S from '/snippets/s.mdx';\n\n<S />\n",
    'other.mdx': "import S from '/snippets/s.mdx';\n\n<S />\n",
    'alone.mdx': 'Alone.\n',
    'snippets/s.mdx': 'Version one.\n',
  });
  const s = await createSite(root);
  for (const slug of ['index', 'other', 'alone']) await s.render(slug);
  writeFileSync(join(root, 'snippets/s.mdx'), 'Version two.\n');
  assert.equal(s.invalidate(join(root, 'snippets/s.mdx')).sort(), ['index', 'other']);
  assert.match((await s.render('index'))?.html ?? '', 'Version two.');
  rmSync(root, { recursive: true });
});

site('should place a component\'s warning at the value it is about, in the page or the snippet that has it', async () => {
  const root = project({
    'index.mdx': "import S from '/snippets/s.mdx';\n\n# Home\n\nText <Icon icon=\"nope-one\" />\n\n<S />\n",
    'snippets/s.mdx': 'Snippet\n\n<Card title="x" icon="nope-two">y</Card>\n',
  });
  const s = await createSite(root);
  const rendered = await s.render('index');
  assert.equal(
    rendered?.messages.map((message) => [message.ruleId, message.file, message.line, message.column]),
    [
      ['icon-unknown', join(root, 'index.mdx'), 5, 18],
      ['icon-unknown', join(root, 'snippets/s.mdx'), 3, 23],
    ],
  );
  rmSync(root, { recursive: true });
});

site('should group pages by first folder in the manifest, a folder\'s _section.mdx with its folder', async () => {
  const root = project({
    'index.mdx': '# Home\n',
    'guides/_section.mdx': '# Guides\n',
    'guides/a.mdx': '# A\n',
    'guides/deep/b.mdx': '# B\n',
  });
  const s = await createSite(root);
  assert.equal(s.manifest.collections, { '': ['index'], guides: ['guides', 'guides/a', 'guides/deep/b'] });
  rmSync(root, { recursive: true });
});

site('should keep a page\'s twin until the page or what it imports changes', async () => {
  const root = project({
    'index.mdx': "import S from '/snippets/s.mdx';\n\n# Home\n\n<S />\n",
    'snippets/s.mdx': 'Version one.\n',
  });
  const s = await createSite(root);
  const first = await s.markdown('index');
  assert.is(await s.markdown('index'), first, 'the same twin, not written again');
  writeFileSync(join(root, 'snippets/s.mdx'), 'Version two.\n');
  assert.match((await s.markdown('index'))?.markdown ?? '', 'Version two.', 'an edited import is seen even before invalidate');
  s.invalidate(join(root, 'snippets/s.mdx'));
  assert.match((await s.markdown('index'))?.markdown ?? '', 'Version two.');
  rmSync(root, { recursive: true });
});

site('should drop a released page and render it again the same when asked', async () => {
  const root = project({
    'index.mdx': "import S from '/snippets/s.mdx';\n\n# Home\n\n<S />\n",
    'other.md': '# Other\n\n```js\nconst a = 1;\n```\n',
    'snippets/s.mdx': 'Shared <Note>snippet</Note>.\n',
  });
  const s = await createSite(root);
  const first = await Promise.all(['index', 'other'].map((slug) => s.render(slug)));
  for (const slug of ['index', 'other']) s.release(slug);
  assert.equal(s.dependencies('other'), [], 'nothing kept of the released page');
  const again = await Promise.all(['index', 'other'].map((slug) => s.render(slug)));
  assert.equal(again.map((page) => page?.html), first.map((page) => page?.html));
  assert.ok(s.dependencies('index').some((dependency) => dependency.file.endsWith('s.mdx')), 'the snippet is known again');
  rmSync(root, { recursive: true });
});

site('should give snippets the page\'s components, with or without JavaScript in them', async () => {
  const root = project({
    'index.mdx': "import Plain from '/snippets/plain.mdx';\nimport Coded from '/snippets/coded.mdx';\nimport Md from '/snippets/md.md';\n\n<Plain />\n\n<Coded word=\"two\" />\n\n<Md />\n",
    'snippets/plain.mdx': '<Note>Plain snippet</Note>\n',
    'snippets/coded.mdx': '<Warning>Coded {word}</Warning>\n',
    'snippets/md.md': 'A **Markdown** snippet.\n',
  });
  const s = await createSite(root);
  const rendered = await s.render('index');
  assert.equal(rendered?.messages, []);
  assert.match(rendered?.html ?? '', /data-type="note"[^]*Plain snippet/);
  assert.match(rendered?.html ?? '', /data-type="warning"[^]*Coded two/);
  assert.match(rendered?.html ?? '', '<strong>Markdown</strong>');
  rmSync(root, { recursive: true });
});

site('should resolve npm packages from the project and prefer theme/ overrides over built-ins', async () => {
  const root = project({
    'index.mdx': "import shout from 'shout';\n\n{shout('hello')}\n\n<Note>Overridden</Note>\n",
    'node_modules/shout/package.json': JSON.stringify({ name: 'shout', main: 'index.js' }),
    'node_modules/shout/index.js': 'module.exports = (text) => text.toUpperCase() + "!";\n',
    'theme/Note.jsx': 'export default function Note({ children }) { return <aside className="my-note">{children}</aside>; }\n',
  });
  const html = (await (await createSite(root)).render('index'))?.html ?? '';
  assert.match(html, 'HELLO!');
  assert.match(html, '<aside class="my-note">');
  rmSync(root, { recursive: true });
});

site('should link the navigation file a dev site serves without rendering it, and name it by content in a build', async () => {
  const files = {
    'docs.json': JSON.stringify({ name: 'Test', navigation: { groups: [{ group: 'One', pages: ['index'] }, { group: 'Two', pages: ['other'] }] } }),
    'index.mdx': '# Home',
    'other.mdx': '# Other',
  };
  const dev = await createSite(project(files), { mode: 'dev' });
  const page = await dev.document('index');
  const linked = /data-nav-src="\/_docsgen\/([^"]+)"/.exec(page?.html ?? '')?.[1];
  assert.is(linked, dev.navigationFile().name);
  assert.match(dev.navigationFile().content, 'Other');
  const build = await createSite(project(files), { mode: 'build' });
  const built = /data-nav-src="\/_docsgen\/([^"]+)"/.exec((await build.document('index'))?.html ?? '')?.[1];
  assert.is(built, build.navigationFile().name);
  assert.is.not(linked, built, 'a dev site does not name the file by its content');
  assert.is(build.navigationFile().content, dev.navigationFile().content);
});

site.run();
