import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { remarkAbsoluteLinks } from '../src/index.js';
import { processToMarkdown } from './pipeline.js';

const test = suite('remarkAbsoluteLinks');

const run = async (source: string, path: string) => (await processToMarkdown(source, { path: `/project/${path}`, remarkPlugins: [remarkAbsoluteLinks] })).output;

test('should read relative links from the folder of the page file, keeping queries and fragments', async () => {
  const output = await run(
    [
      '[same](./setup) [bare](setup) [up](../api/keys?tab=go#create) [folder](./) [top](../../../x)',
      '',
      '[ref][r]',
      '',
      '[r]: ../ref',
      '',
      '<Card title="C" href="./cards">x</Card> <a href="../a">a</a> <Tile href="https://example.com">t</Tile>',
    ].join('\n'),
    'guides/start/index.mdx',
  );
  assert.match(output, '[same](/guides/start/setup)');
  assert.match(output, '[bare](/guides/start/setup)');
  assert.match(output, '[up](/guides/api/keys?tab=go#create)');
  assert.match(output, '[folder](/guides/start/)');
  assert.match(output, '[top](/x)');
  assert.match(output, '[r]: /guides/ref');
  assert.match(output, 'href="/guides/start/cards"');
  assert.match(output, 'href="/guides/a"');
  assert.match(output, 'href="https://example.com"');
});

test('should leave absolute paths, URLs, fragments and queries alone', async () => {
  const source = '[a](/x) [b](https://e.com/y) [c](mailto:a@b.c) [d](#here) [e](?page=2) [f](//cdn.example.com/z)';
  const output = await run(source, 'guides/setup.mdx');
  for (const url of ['/x', 'https://e.com/y', 'mailto:a@b.c', '#here', '?page=2', '//cdn.example.com/z']) assert.match(output, `](${url})`);
});

test.run();
