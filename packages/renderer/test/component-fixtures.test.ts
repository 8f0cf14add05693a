import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToHtml } from '../src/index.js';
import { formatHtml, loadFixtureInput } from './fixture-input.js';

const fixtures = suite('component fixtures');

// Each `fixtures/components/<case>/` holds `input.json` or `input.tsx` and the expected
// renderings `expected.html` (html mode) and `expected.markdown.html` (markdown mode).
// `UPDATE=1` rewrites them; a file written for the first time still fails once, so that
// someone reads it.
const base = fileURLToPath(new URL('fixtures/components/', import.meta.url));
const cases = readdirSync(base, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

for (const name of cases) {
  fixtures(`should render \`${name}\` as in its expected files, in both modes`, async () => {
    const folder = join(base, name);
    const input = await loadFixtureInput(folder, readdirSync(folder));
    const written: string[] = [];
    for (const [mode, file] of [
      ['html', 'expected.html'],
      ['markdown', 'expected.markdown.html'],
    ] as const) {
      const actual = formatHtml(renderToHtml(input, { mode }));
      const expectedFile = join(folder, file);
      const isNew = !existsSync(expectedFile);
      if (process.env.UPDATE || isNew) writeFileSync(expectedFile, actual);
      if (isNew) written.push(expectedFile);
      else assert.fixture(actual, readFileSync(expectedFile, 'utf8'), `${name}: ${mode} mode`);
    }
    if (written.length > 0) assert.unreachable(`wrote ${written.join(', ')}; read them, then run again`);
  });
}

fixtures.run();
