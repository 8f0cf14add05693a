import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('should expose the public api', async () => {
  const mod = await import('../src/index.js');
  assert.equal(Object.keys(mod).sort(), [
    'createDocsMcp',
    'createPageSearch',
    'createSnapshotSource',
    'docsMcpTools',
    'handleMcpHttpRequest',
    'mcpRoute',
    'mcpServerCard',
    'pageUri',
    'resolvePageAddress',
  ]);
});

test('should expose the stdio server at `@docsgen/mcp/stdio`', async () => {
  const mod = await import('../src/stdio.js');
  assert.equal(Object.keys(mod).sort(), ['serveMcpStdio']);
});

test('should list every entry point in package.json exports', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(Object.keys(manifest.exports).sort(), ['.', './package.json', './stdio']);
});

test.run();
