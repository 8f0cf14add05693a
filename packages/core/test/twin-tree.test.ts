import { rmSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const twin = suite('Markdown twins from the compiled tree');

const body = [
  '# Title',
  'Text with **bold**, *emphasis*, `code`, a [link](/guides/setup "Setup"), an [unsafe one](javascript:alert(1)) and www.example.com.',
  '![A diagram](../images/diagram.png "The diagram")',
  '## Install',
  '```bash title="install.sh"\nnpm install docsgen\n```',
  '| Option | Type |\n| :--- | ---: |\n| `a` | string |',
  '- [x] done\n- [ ] to do\n  - nested',
  '1. first\n2. second',
  '> A quote with a footnote[^1].',
  '[^1]: The note.',
  '$$\nx^2\n$$',
].join('\n\n');

twin('should give a page without components the same twin as rendering it would', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Twins', navigation: { pages: ['guides/plain', 'guides/rendered', 'guides/raw'] } }),
    // The same content; a component with nothing to say in Markdown sends the second page
    // down the rendering path.
    'guides/plain.mdx': `---\ntitle: Same\ndescription: One page.\n---\n\n${body}\n`,
    'guides/rendered.mdx': `---\ntitle: Same\ndescription: One page.\n---\n\n${body}\n\n<Visibility for="humans">Only on the web.</Visibility>\n`,
    'guides/raw.md': `---\ntitle: Raw\n---\n\n${body}\n\n<div class="box"><p>Raw <em>HTML</em> block</p></div>\n`,
  });
  const site = await createSite(root, { siteUrl: 'https://docs.example.com' });
  const plain = await site.markdown('guides/plain');
  const rendered = await site.markdown('guides/rendered');
  assert.ok(plain && rendered);
  assert.equal(plain.messages, []);
  assert.is(plain.markdown, rendered.markdown);
  assert.match(plain.markdown, '```bash install.sh');
  assert.match(plain.markdown, '| :----- | -----: |', 'column alignment kept');
  assert.match(plain.markdown, 'https://docs.example.com/images/diagram.png');
  assert.match(plain.markdown, '[unsafe one](#)');
  assert.not.match(plain.markdown, /<[a-z]/);
  const raw = await site.markdown('guides/raw');
  assert.match(raw!.markdown, 'Raw *HTML* block');
  assert.not.match(raw!.markdown, /<div|<p>/);
  rmSync(root, { recursive: true });
});

const plainBody = [
  '## Install',
  '* Bullets as written, with *stars*',
  '* A [link](https://example.com/a) and a [page](/guides/other#part)',
  '',
  '| Option | Type |',
  '| :- | -: |',
  '| `a` | string |',
  '',
  '```ts title="a.ts" {2}',
  'const a = 1;',
  'const b = 2;',
  '```',
  '',
  'Two lines',
  'of one paragraph, a footnote[^1] and $x^2$.',
  '',
  '![Logo](https://example.com/logo.png)',
  '',
  '[^1]: The note.',
].join('\n');

twin('should give a plain Markdown page its body as written for a twin, without rendering it', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Twins', navigation: { pages: ['plain', 'plain-mdx', 'crlf'] } }),
    'plain.md': `---\ntitle: Plain\ndescription: As written.\n---\n\n${plainBody}\n`,
    'plain-mdx.mdx': `---\ntitle: Plain MDX\n---\n${plainBody}\n`,
    'crlf.md': `---\r\ntitle: Windows\r\n---\r\n\r\nFirst line\r\nsecond line\r\n`,
  });
  const site = await createSite(root, { siteUrl: 'https://docs.example.com' });
  assert.is((await site.markdown('plain'))!.markdown, `# Plain\n\nAs written.\n\n${plainBody}\n`);
  assert.is((await site.markdown('plain-mdx'))!.markdown, `# Plain MDX\n\n${plainBody}\n`);
  assert.is((await site.markdown('crlf'))!.markdown, '# Windows\n\nFirst line\nsecond line\n');
  rmSync(root, { recursive: true });
});

twin('should write the twin of a page that plain Markdown would misstate from its rendering', async () => {
  const cases: Record<string, string> = {
    'raw-html': 'Text with <span>raw HTML</span>.',
    'unsafe-link': 'A [bad link](javascript:alert(1)).',
    'relative-image': '![Diagram](images/diagram.png)',
    'root-image': '![Diagram](/images/diagram.png)',
    component: 'Before <Note>A note</Note>',
    expression: 'Sum {1 + 1}',
  };
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Twins', navigation: { pages: Object.keys(cases) } }),
  };
  for (const [slug, text] of Object.entries(cases)) files[`${slug}.${/[<{]/.test(text) && slug !== 'raw-html' ? 'mdx' : 'md'}`] = `---\ntitle: Case\n---\n\n* ${text}\n`;
  const root = writeTempProject(files);
  const site = await createSite(root, { siteUrl: 'https://docs.example.com' });
  for (const slug of Object.keys(cases)) {
    const { markdown } = (await site.markdown(slug))!;
    // Rendered twins use `-` bullets: none of these is the source as written.
    assert.ok(markdown.startsWith('# Case\n\n- ') || !markdown.includes('* '), `${slug}: ${markdown}`);
  }
  assert.match((await site.markdown('root-image'))!.markdown, 'https://docs.example.com/images/diagram.png');
  assert.match((await site.markdown('unsafe-link'))!.markdown, '[bad link](#)');
  rmSync(root, { recursive: true });
});

twin('should render the twin when a user plugin may change the page', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Twins', navigation: { pages: ['index'] } }),
    'docsgen.config.mjs': "export default { remarkPlugins: [() => (tree) => { tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Added by a plugin.' }] }); }] };\n",
    'index.md': '---\ntitle: Home\n---\n\n* One\n',
  });
  const site = await createSite(root);
  assert.is((await site.markdown('index'))!.markdown, '# Home\n\n- One\n\nAdded by a plugin.\n');
  rmSync(root, { recursive: true });
});

twin.run();
