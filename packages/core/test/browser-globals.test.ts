import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { browserGlobals, isBrowserGlobal, isSharedGlobal } from '../src/browser-globals.js';

const test = suite('browser globals');

test('should know the browser globals handlers use, which Node does not have', () => {
  for (const name of ['window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'requestAnimationFrame', 'alert', 'confirm', 'HTMLElement']) {
    assert.ok(isBrowserGlobal(name), name);
  }
  assert.not.ok(isSharedGlobal('window'), 'not there while the page renders');
  assert.not.ok(isSharedGlobal('document'));
});

test("should take JavaScript's globals from Node, without Node's own", () => {
  for (const name of ['JSON', 'Math', 'Date', 'URL', 'Number', 'String', 'Promise', 'console', 'setTimeout', 'clearTimeout', 'fetch', 'undefined']) {
    assert.ok(isSharedGlobal(name), name);
    assert.ok(isBrowserGlobal(name), name);
  }
  for (const name of ['process', 'Buffer', 'global', 'setImmediate', 'require', '__dirname']) assert.not.ok(isBrowserGlobal(name), name);
});

test('should leave out words a snippet takes as props', () => {
  for (const name of ['name', 'status', 'event', 'prompt', 'title', 'origin', 'open', 'top', 'parent', 'label']) {
    assert.not.ok(isBrowserGlobal(name), name);
  }
  assert.not.ok(browserGlobals.has('prompt'));
});

test('should list every browser global on the snippets guide', () => {
  const guide = readFileSync(new URL('../../../docs/guides/snippets.mdx', import.meta.url), 'utf8');
  assert.equal([...browserGlobals].filter((name) => !guide.includes(`\`${name}\``)), []);
});

test.run();
