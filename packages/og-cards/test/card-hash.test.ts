import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cardInputHash, type CardOptions } from '../src/index.js';

const folder = mkdtempSync(join(tmpdir(), 'og-hash-'));
const logo = join(folder, 'logo.svg');
writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#000"/></svg>');

const page: CardOptions = {
  title: 'Quickstart',
  description: 'First steps',
  tab: 'Guides',
  siteName: 'Acme',
  theme: 'base',
  appearance: 'light',
  background: '#ffffff',
  accent: '#2563eb',
  logo,
};

test('should give the same hash for the same input', async () => {
  const hash = await cardInputHash(page);
  assert.match(hash, /^[\da-f]{64}$/);
  assert.is(await cardInputHash({ ...page }), hash);
});

test('should change when any input that changes the pixels changes', async () => {
  const base = await cardInputHash(page);
  const changes: Partial<CardOptions>[] = [
    { title: 'Quickstart!' },
    { description: 'First step' },
    { description: null },
    { tab: 'API' },
    { siteName: 'Acme Inc' },
    { theme: 'pip' },
    { appearance: 'dark' },
    { background: '#fffffe' },
    { accent: '#2563ec' },
    { logo: null },
    { logo: join(folder, 'other.svg') },
    { logo: new Uint8Array([1, 2, 3]) },
  ];
  const seen = new Set([base]);
  for (const change of changes) {
    const hash = await cardInputHash({ ...page, ...change });
    assert.is.not(hash, base, JSON.stringify(change));
    seen.add(hash);
  }
  assert.is(seen.size, changes.length + 1);
});

test('should change when the logo file changes, and when a missing logo appears', async () => {
  const before = await cardInputHash(page);
  writeFileSync(logo, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#fff"/></svg>');
  assert.is.not(await cardInputHash(page), before);

  const later = join(folder, 'later.svg');
  const missing = await cardInputHash({ ...page, logo: later });
  writeFileSync(later, '<svg xmlns="http://www.w3.org/2000/svg"/>');
  assert.is.not(await cardInputHash({ ...page, logo: later }), missing);
});

test('should not change for input that draws the same card', async () => {
  const base = await cardInputHash(page);
  assert.is(await cardInputHash({ ...page, title: '  Quickstart ' }), base, 'trimmed text');
  const defaults = await cardInputHash({ title: 'A' });
  assert.is(await cardInputHash({ title: 'A', theme: 'mint' }), defaults, 'legacy theme names draw as base');
  assert.is(await cardInputHash({ title: 'A', background: '#f6f8fa', accent: '#2563eb' }), defaults, 'the defaults spelled out');
});

test.after(() => rmSync(folder, { recursive: true, force: true }));

test.run();
