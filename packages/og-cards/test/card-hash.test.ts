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

test('should hash every module of the code folder, bundled chunks too', async () => {
  const { codeFingerprintOf } = await import('../src/card-hash.js');
  const code = mkdtempSync(join(tmpdir(), 'og-code-'));
  try {
    writeFileSync(join(code, 'chunk-a.mjs'), 'export const a = 1;\n');
    writeFileSync(join(code, 'render-card.js'), 'export const b = 1;\n');
    writeFileSync(join(code, 'render-card.d.ts'), 'export declare const b: number;\n');
    writeFileSync(join(code, 'render-card.js.map'), '{}');
    const base = codeFingerprintOf(code);
    assert.is(codeFingerprintOf(code), base);
    writeFileSync(join(code, 'render-card.d.ts'), 'export declare const b: 1;\n');
    writeFileSync(join(code, 'render-card.js.map'), '{"version":3}');
    assert.is(codeFingerprintOf(code), base, 'declarations and source maps do not draw');
    writeFileSync(join(code, 'chunk-a.mjs'), 'export const a = 2;\n');
    const changed = codeFingerprintOf(code);
    assert.is.not(changed, base, 'a bundled chunk (the CLI bundle holds the drawing code in .mjs chunks)');
    writeFileSync(join(code, 'render-card.js'), 'export const b = 2;\n');
    assert.is.not(codeFingerprintOf(code), changed, 'a compiled module');
  } finally {
    rmSync(code, { recursive: true, force: true });
  }
});

test.after(() => rmSync(folder, { recursive: true, force: true }));

test.run();
