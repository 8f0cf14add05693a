import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  rehypeHeadingIds,
  rehypeHighlightCode,
  remarkAbsoluteImages,
  remarkAbsoluteLinks,
  remarkChangelog,
  remarkCodeMeta,
  remarkReadingTime,
  remarkUnknownComponents,
} from '../src/index.js';

// Every plugin in a plain unified HTML pipeline (no remark-mdx, no passThrough), as the
// package README shows it: the output must compile, with no MDX node left in the tree.
const test = suite('plain HTML pipeline');

const page = '## Install\n\n![Logo](../images/logo.png) and [next](./next)\n\n```sh Terminal {1}\nnpm i docsgen\n```\n\n```mermaid\ngraph TD; A-->B\n```\n';

function createProcessor(output: 'html' | 'mdx' | undefined) {
  return unified()
    .use(remarkParse)
    .use(remarkAbsoluteImages, { pagePath: 'guides/intro.md' })
    .use(remarkAbsoluteLinks)
    .use(remarkCodeMeta)
    .use(remarkReadingTime)
    .use(remarkChangelog)
    .use(remarkUnknownComponents)
    .use(remarkRehype)
    .use(rehypeHeadingIds)
    .use(rehypeHighlightCode, { output })
    .use(rehypeStringify);
}

test('should compile every plugin to plain HTML with `output: html`', async () => {
  const file = await createProcessor('html').process({ value: page, path: '/project/guides/intro.md', cwd: '/project' });
  const html = String(file);
  assert.match(html, '<h2 id="install">Install</h2>');
  assert.match(html, '<img src="/images/logo.png" alt="Logo">');
  assert.match(html, '<a href="/guides/next">next</a>');
  assert.match(html, /<figure class="code-block" data-language="sh"><figcaption>Terminal<\/figcaption><pre class="shiki shiki-themes github-light github-dark has-highlighted"/);
  assert.match(html, '<span class="line highlighted">');
  assert.match(html, '<pre class="mermaid">graph TD; A-->B</pre>');
  assert.equal(file.data.toc, [{ depth: 2, id: 'install', text: 'Install' }]);
  assert.is(file.data.hasMermaid, true);
  assert.is(file.data.readingTime?.minutes, 1);
});

test('should still emit MDX JSX by default, which a plain pipeline cannot compile', async () => {
  const processor = createProcessor(undefined);
  // Run, then stringify: `process` would throw the compile error outside its promise.
  const tree = await processor.run(processor.parse(page));
  assert.ok(tree.children.some((node) => node.type === 'mdxJsxFlowElement'));
  assert.throws(() => processor.stringify(tree), /Cannot compile unknown node `mdxJsxFlowElement`/);
});

test('should give the same HTML when the highlighter runs twice', async () => {
  const once = String(await createProcessor('html').process(page));
  const twice = String(await createProcessor('html').use(rehypeHighlightCode, { output: 'html' }).process(page));
  assert.is(twice, once);
});

test('should refuse an unknown output with a precise message', () => {
  assert.throws(
    () => rehypeHighlightCode({ output: 'jsx' as never }),
    /Cannot highlight code with `jsx` for `options.output`, expected `'mdx'` or `'html'`/,
  );
});

test.run();
