import type { Image, Paragraph } from 'mdast';
import remarkParse from 'remark-parse';
import { type Pluggable, unified } from 'unified';
import { VFile } from 'vfile';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { remarkAbsoluteImages } from '../src/index.js';
import { resolveImageUrl } from '../src/resolve-image-url.js';
import { defineFixtureTests, readFixtureCases } from './fixture-runner.js';
import { processToMarkdown } from './pipeline.js';

const test = suite('remarkAbsoluteImages');

defineFixtureTests(test, 'remark-absolute-images', async (fixture) => {
  const { output, file } = await processToMarkdown(fixture.input, {
    path: fixture.inputName,
    remarkPlugins: [[remarkAbsoluteImages, fixture.options]],
  });
  return { outputs: { [fixture.inputName.replace('input', 'expected')]: output }, file };
});

test('should be idempotent', async () => {
  for (const fixture of readFixtureCases('remark-absolute-images')) {
    const plugins: Pluggable[] = [[remarkAbsoluteImages, fixture.options]];
    const once = await processToMarkdown(fixture.input, { path: fixture.inputName, remarkPlugins: [...plugins] });
    const twice = await processToMarkdown(fixture.input, {
      path: fixture.inputName,
      remarkPlugins: [...plugins, ...plugins],
    });
    assert.is(twice.output, once.output, fixture.name);
    assert.is(twice.file.messages.length, once.file.messages.length, fixture.name);
  }
});

test('should resolve against the folder of the page', () => {
  assert.equal(resolveImageUrl('../images/x.png', 'guides/setup/intro.mdx'), {
    url: '/guides/images/x.png',
    isClamped: false,
  });
  assert.equal(resolveImageUrl('x.png', 'intro.mdx'), { url: '/x.png', isClamped: false });
  assert.equal(resolveImageUrl('./a/./b/../c.png?x=1#y', 'a/b.mdx'), { url: '/a/a/c.png?x=1#y', isClamped: false });
});

test('should clamp `..` at the root whatever its spelling', () => {
  for (const url of ['../../x.png', '..\\..\\x.png', '%2e%2e/%2E%2E/x.png', '.%2e/../x.png']) {
    assert.equal(resolveImageUrl(url, 'guides/a.mdx'), { url: '/x.png', isClamped: true }, url);
  }
});

test('should leave absolute, remote, data, protocol-relative and fragment URLs alone', () => {
  for (const url of ['/x.png', 'https://a.b/x.png', 'HTTP://a.b/x.png', 'data:image/png;base64,AA', '//cdn/x.png', '#top', '', 'mailto:a@b.c', '\\\\server\\x.png']) {
    assert.equal(resolveImageUrl(url, 'guides/a.mdx'), { url, isClamped: false }, url);
  }
});

test('should take the page path from the file when `pagePath` is not given', async () => {
  const { output } = await processToMarkdown('![](./a.png)\n', {
    path: '/project/guides/page.md',
    remarkPlugins: [remarkAbsoluteImages],
  });
  assert.is(output, '![](/guides/a.png)\n');
});

test('should take the page path from a Windows path relative to a Windows `cwd`', async () => {
  const file = new VFile({ value: '![](./a.png)\n', path: 'C:\\project\\guides\\page.md', cwd: 'c:\\project' });
  const tree = unified().use(remarkParse).parse(file);
  await unified().use(remarkAbsoluteImages).run(tree, file);
  const paragraph = tree.children[0] as Paragraph;
  assert.is((paragraph.children[0] as Image).url, '/guides/a.png');
});

test('should report the place of a clamped path', async () => {
  const { file } = await processToMarkdown('Text\n\n![x](../../y.png)\n', {
    path: 'page.md',
    remarkPlugins: [[remarkAbsoluteImages, { pagePath: 'guides/page.md' }]],
  });
  const [message] = file.messages;
  assert.ok(message);
  assert.is(message.ruleId, 'image-path-outside-root');
  assert.is(message.source, '@docsgen/mdx-transforms');
  assert.is(message.fatal, false);
  assert.equal([message.line, message.column], [3, 1]);
  assert.is(message.actual, '../../y.png');
});

test('should throw for a `pagePath` that is not a string', () => {
  assert.throws(
    () => remarkAbsoluteImages({ pagePath: 3 as unknown as string }),
    /Cannot make image paths absolute: `options.pagePath` is `3`, expected a path such as `guides\/intro.mdx`/,
  );
});

test.run();
