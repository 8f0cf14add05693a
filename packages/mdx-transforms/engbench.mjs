import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHighlighter } from 'shiki/bundle/full';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { tokenizeDualTheme } from './dist/dual-theme-tokens.js';
const root = '/work/main/bench/out/build-1000';
const blocks = [];
for (const dir of readdirSync(root, { withFileTypes: true })) {
  if (!dir.isDirectory() || dir.name.startsWith('.') || dir.name === 'dist') continue;
  for (const f of readdirSync(join(root, dir.name))) {
    if (!f.endsWith('.md')) continue;
    const text = readFileSync(join(root, dir.name, f), 'utf8');
    for (const m of text.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)\n```/gm)) blocks.push([m[1], m[2]]);
  }
}
const which = process.argv[2];
const langs = [...new Set(blocks.map((b) => b[0]))];
let t0 = performance.now();
const engine = which === 'js' ? createJavaScriptRegexEngine() : createOnigurumaEngine(import('shiki/wasm'));
const h = await createHighlighter({ themes: ['github-light', 'github-dark'], langs: [], engine });
const t1 = performance.now();
await h.loadLanguage(...langs);
const t2 = performance.now();
tokenizeDualTheme(h, blocks[0][1], { lang: blocks[0][0], themes: { light: 'github-light', dark: 'github-dark' } });
const t3 = performance.now();
let n = 0;
const limit = Number(process.argv[3] ?? blocks.length);
for (const [lang, code] of blocks.slice(0, limit)) { const r = tokenizeDualTheme(h, code, { lang, themes: { light: 'github-light', dark: 'github-dark' } }); n += r.lines.length; }
const t4 = performance.now();
console.log(which, 'langs', langs.join(','), 'blocks', Math.min(limit, blocks.length), 'lines', n, `create ${(t1-t0).toFixed(0)} load ${(t2-t1).toFixed(0)} first ${(t3-t2).toFixed(0)} all ${(t4-t3).toFixed(0)} ms`);
