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

twin.run();
