import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { Script } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentAssetFiles, rendererAssets } from '../src/index.js';

test('should give absolute paths of files that exist', () => {
  assert.equal(Object.keys(rendererAssets).sort(), ['clientJs', 'contentCss', 'katexCss', 'katexFonts', 'mermaidJs', 'mermaidLoaderJs']);
  for (const [name, path] of Object.entries(rendererAssets)) {
    assert.ok(isAbsolute(path), name);
    assert.ok(existsSync(path), `${name}: ${path}`);
  }
});

test('should point at the KaTeX fonts that its CSS loads', () => {
  assert.ok(statSync(rendererAssets.katexFonts).isDirectory());
  const fonts = readdirSync(rendererAssets.katexFonts);
  const css = readFileSync(rendererAssets.katexCss, 'utf8');
  for (const match of css.matchAll(/url\(fonts\/([^)]+)\)/g)) assert.ok(fonts.includes(match[1]!), match[1]);
});

test('should ship the mermaid browser bundle', () => {
  assert.ok(rendererAssets.mermaidJs.endsWith('mermaid.min.js'));
  assert.ok(statSync(rendererAssets.mermaidJs).size > 100_000);
});

test('should keep the client scripts small, plain and parseable', () => {
  const client = readFileSync(rendererAssets.clientJs, 'utf8');
  // As written, comments included; a build minifies it to about half (5.6 KB, 2.4 KB gzipped).
  assert.ok(Buffer.byteLength(client) < 11 * 1024, `client.js is ${Buffer.byteLength(client)} bytes`);
  for (const path of [rendererAssets.clientJs, rendererAssets.mermaidLoaderJs, documentAssetFiles['github-repo.js']!]) {
    const source = readFileSync(path, 'utf8');
    new Script(source, { filename: path });
    assert.not.match(source, /^\s*(import|export)\s/m, path);
    assert.not.match(source, /require\(|node:/, path);
  }
});

test('should style every class the components render, in light and dark mode', () => {
  const css = readFileSync(rendererAssets.contentCss, 'utf8');
  const components = new URL('../src/components/', import.meta.url);
  // Hooks for authors' CSS that need no default style.
  const hooks = new Set(['dg-accordion-title', 'dg-card-group', 'dg-column', 'dg-request-example', 'dg-response-example', 'dg-tooltip-tip']);
  for (const file of readdirSync(components)) {
    const source = readFileSync(new URL(file, components), 'utf8');
    for (const [name] of source.matchAll(/(?<![\w-])dg-[a-z0-9-]+/g)) {
      if (!hooks.has(name) && !name.startsWith('dg-P')) assert.ok(css.includes(`.${name}`), `${file}: .${name}`);
    }
  }
  for (const selector of [':root[data-theme="dark"]', ':root.dark', 'prefers-color-scheme: dark', '[data-code-theme="dark"] .shiki', '--shiki-dark', '--shiki-light']) {
    assert.ok(css.includes(selector), selector);
  }
});

test.run();
