import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codeKeyOf, docsgenCodeKey, docsgenVersion } from '../src/version.js';

// The caches of compiled and rendered pages, twins and parsed config are keyed by docsgen's
// code, not only its version: a rebuilt docsgen with a changed highlighter must not take the
// HTML the old one made.
const key = suite('docsgen\'s code key');
let root = '';
key.before(() => {
  root = mkdtempSync(join(tmpdir(), 'docsgen-code-key-'));
});
key.after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string, time = 1_700_000_000): void {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, time, time);
}

key('should change when any docsgen package\'s compiled code changes, not only core\'s', () => {
  write('packages/core/dist/index.js', 'export {};');
  write('packages/mdx-transforms/dist/highlight-block.js', 'export const a = 1;');
  write('packages/docs-site/README.md', 'not a package with code');
  const coreDist = join(root, 'packages/core/dist');
  const before = codeKeyOf(coreDist, '0.1.0');
  assert.is(codeKeyOf(coreDist, '0.1.0'), before, 'the same code gives the same key');
  write('packages/mdx-transforms/dist/highlight-block.js', 'export const a = 22;', 1_700_000_100);
  const after = codeKeyOf(coreDist, '0.1.0');
  assert.is.not(after, before, 'a changed highlighter in another package changes the key');
  assert.is.not(codeKeyOf(coreDist, '0.2.0'), after, 'the version is part of the key');
  assert.match(after, /^0\.1\.0\+[0-9a-f]{16}$/);
  // A module in a folder of a package's dist (the renderer's `components/card.js`).
  write('packages/renderer/dist/components/card.js', 'export const card = 1;');
  const withCard = codeKeyOf(coreDist, '0.1.0');
  write('packages/renderer/dist/components/card.js', 'export const card = 22;', 1_700_000_200);
  assert.is.not(codeKeyOf(coreDist, '0.1.0'), withCard, 'a changed module in a folder of a dist changes the key');
  // The CLI's bundle is not the code a run from the dist folders runs.
  write('packages/cli/dist/bundle/chunk-AAAA.mjs', 'x');
  const withBundle = codeKeyOf(coreDist, '0.1.0');
  write('packages/cli/dist/bundle/chunk-AAAA.mjs', 'xy', 1_700_000_300);
  assert.is(codeKeyOf(coreDist, '0.1.0'), withBundle);
});

key('should know a bundle by the files beside its core module', () => {
  write('bundle/chunk-AAAA.mjs', 'x');
  const bundle = join(root, 'bundle');
  const before = codeKeyOf(bundle, '0.1.0');
  write('bundle/chunk-BBBB.mjs', 'y');
  assert.is.not(codeKeyOf(bundle, '0.1.0'), before, 'a new chunk (new content) changes the key');
});

key('should give this docsgen one key per process, starting with its version', () => {
  assert.is(docsgenCodeKey(), docsgenCodeKey());
  assert.ok(docsgenCodeKey().startsWith(`${docsgenVersion()}+`));
});

key.run();
