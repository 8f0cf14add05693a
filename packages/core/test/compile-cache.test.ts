import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCacheFolder, compileCacheMaxIdleMs, pruneCompileCache } from '../src/compile-cache.js';
import { writeTempProject } from './temp-project.js';

const day = 24 * 60 * 60 * 1000;

test('should delete compiles unused for a week, looking through them at most once a day', () => {
  const root = writeTempProject({ 'docs.json': '{}' }, 'docsgen-prune-');
  const folder = compileCacheFolder(root);
  mkdirSync(folder, { recursive: true });
  const now = Date.now();
  const entry = (name: string, age: number): void => {
    writeFileSync(join(folder, name), '{}');
    utimesSync(join(folder, name), (now - age) / 1000, (now - age) / 1000);
  };
  const entries = (): string[] => readdirSync(folder).filter((name) => !name.startsWith('.')).sort();
  entry('a-old.json', compileCacheMaxIdleMs + day);
  entry('b-recent.json', day);
  pruneCompileCache(root, now);
  assert.equal(entries(), ['b-recent.json']);

  // Within a day of the last look, the entries are not looked through (a stat each) again.
  entry('c-old.json', compileCacheMaxIdleMs + day);
  pruneCompileCache(root, now + day / 2);
  assert.equal(entries(), ['b-recent.json', 'c-old.json']);
  // A day later they are; b is two days old then, and stays.
  pruneCompileCache(root, now + day + 1000);
  assert.equal(entries(), ['b-recent.json']);

  // A last look dated in the future (a clock set back since) does not stop one now.
  entry('d-old.json', compileCacheMaxIdleMs + 4 * day);
  pruneCompileCache(root, now - 3 * day);
  assert.equal(entries(), ['b-recent.json']);
  assert.ok(existsSync(join(folder, '.pruned')));
});

test('should do nothing without a cache folder', () => {
  const root = writeTempProject({ 'docs.json': '{}' }, 'docsgen-prune-');
  pruneCompileCache(root);
  assert.not.ok(existsSync(compileCacheFolder(root)));
});

test.run();
