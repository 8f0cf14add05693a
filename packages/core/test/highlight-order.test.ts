import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeTempProject } from './temp-project.js';

const test = suite('highlighting order');
const core = fileURLToPath(new URL('../src/index.ts', import.meta.url));

// An MDX block that nests a Python fence, and a page whose own block is Python: before
// `highlight-embedded.ts`, the nested fence was highlighted only when a page in Python had been
// highlighted on the same thread first.
const nested = ['# Nested', '', '````mdx', '# Example', '', '```python', 'def greet(name):', '    return f"hi {name}"', '```', '````', ''].join('\n');
const python = ['# Python', '', '```python', 'print("hello")', '```', ''].join('\n');

function project(pages: Record<string, string>): string {
  const names = Object.keys(pages);
  return writeTempProject({
    'docs.json': JSON.stringify({ name: 'Test', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: names } }),
    ...Object.fromEntries(names.map((name) => [`${name}.mdx`, pages[name]!])),
  });
}

/**
 * Build sites one after the other in one fresh process (one thread: `workers: 0`, no cache),
 * so the process highlighter carries what each build loaded into the next.
 */
function buildInOrder(roots: string[]): undefined {
  const script = [
    `import { buildSite } from ${JSON.stringify(core)};`,
    `for (const root of ${JSON.stringify(roots)}) {`,
    `  const result = await buildSite(root, { outDir: root + '/dist', workers: 0, cache: false });`,
    `  if (!result.ok) throw new Error('build failed: ' + root + JSON.stringify(result.messages ?? result, null, 1).slice(0, 2000));`,
    '}',
  ].join('\n');
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.is(child.status, 0, child.stderr);
}

test('should give a page the same bytes whether or not a page in its nested fence language was highlighted first', () => {
  const alone = project({ nested });
  const withPython = project({ python, nested });
  const pythonFirst = project({ python });
  const after = project({ nested });
  buildInOrder([alone]);
  buildInOrder([pythonFirst, after]);
  buildInOrder([withPython]);

  const page = (root: string) => readFileSync(join(root, 'dist', 'nested.html'), 'utf8');
  // The nested fence is highlighted: `def` has the keyword color, not the plain text one.
  const keyword = /--shiki-dark:#F97583">def<\/span>/;
  assert.match(page(alone), keyword, 'the nested Python is highlighted when no other page loaded Python');
  assert.is(page(after), page(alone), 'a page in Python highlighted first in the process changes nothing');
  const block = (html: string) => html.match(/<pre[\s\S]*?<\/pre>/g)!.find((pre) => pre.includes('greet'));
  assert.is(block(page(withPython)), block(page(alone)), 'the same block in a site with a Python page');
  for (const root of [alone, withPython, pythonFirst, after]) rmSync(root, { recursive: true, force: true });
});

test.run();
