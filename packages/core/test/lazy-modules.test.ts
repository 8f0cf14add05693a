import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeTempProject } from './temp-project.js';

// What a dev server loads before its first page matters (issue 4: first page in under 1 s): the
// big optional modules load with the first page that needs them. Checked in a fresh process,
// which reports every module it resolves.
// The hooks run on their own thread, whose `process.stderr` reaches the main thread by message, so
// its lines could arrive after the main thread's next step line (a loaded machine did it). Both
// threads write to the file descriptor at once instead, which keeps the order they happened in.
const hook = `import { writeSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  writeSync(2, 'RESOLVED ' + result.url + '\\n');
  return result;
}`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
const core = new URL('../src/index.ts', import.meta.url).href;

function run(root: string, steps: string): string[] {
  const script = `const { writeSync } = await import('node:fs');
writeSync(2, 'START\\n');
const { createSite } = await import(${JSON.stringify(core)});
const site = await createSite(${JSON.stringify(root)}, { mode: 'dev' });
${steps}`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    encoding: 'utf8',
  });
  assert.is(child.status, 0, child.stderr);
  return child.stderr.split('\n');
}

const loadedBetween = (lines: string[], from: string, to: string, pattern: RegExp): string[] => {
  const start = lines.indexOf(from);
  const end = lines.indexOf(to);
  assert.ok(start !== -1 && end > start, `${from} then ${to}`);
  return lines.slice(start, end).filter((line) => line.startsWith('RESOLVED ') && pattern.test(line));
};

test('should load KaTeX, parse5 and the Markdown-twin stack only for the first page that needs them', () => {
  const root = writeTempProject(
    {
      'docs.json': JSON.stringify({ name: 'Lazy', navigation: { pages: ['index', 'math', 'raw', 'twin'] } }),
      'index.md': '# Home\n\nRun this, with a dollar sign:\n\n```bash\necho "$HOME"\n```\n',
      'math.md': '# Math\n\nEuler: $e^{i\\pi} + 1 = 0$\n',
      'raw.md': '# Raw\n\n<div class="note">Raw HTML</div>\n',
      'twin.mdx': '# Twin\n\n<Note>A component.</Note>\n',
    },
    'docsgen-lazy-',
  );
  const katex = /\/katex\//;
  const parse5 = /\/parse5\//;
  const twin = /hast-util-to-mdast/;
  const lines = run(
    root,
    `writeSync(2, 'STEP first\\n');
await site.document('index');
writeSync(2, 'STEP math\\n');
await site.document('math');
writeSync(2, 'STEP raw\\n');
await site.document('raw');
writeSync(2, 'STEP twin\\n');
await site.markdown('twin');
writeSync(2, 'STEP end\\n');`,
  );
  const any = new RegExp(`${katex.source}|${parse5.source}|${twin.source}`);
  assert.equal(loadedBetween(lines, 'START', 'STEP first', any), [], 'creating the site loads none of them');
  assert.equal(loadedBetween(lines, 'STEP first', 'STEP math', any), [], 'a page with `$` only in code loads none of them');
  assert.ok(loadedBetween(lines, 'STEP math', 'STEP raw', katex).length > 0, 'a page with math loads KaTeX');
  assert.ok(loadedBetween(lines, 'STEP raw', 'STEP twin', parse5).length > 0, 'a page with raw HTML loads parse5');
  assert.ok(loadedBetween(lines, 'STEP twin', 'STEP end', twin).length > 0, 'a rendered twin loads the twin stack');
});

test('should load Shiki only to highlight a code block no cache holds', () => {
  const root = writeTempProject(
    {
      'docs.json': JSON.stringify({ name: 'Lazy', navigation: { pages: ['index', 'code'] } }),
      'index.md': '# Home\n\nProse only.\n',
      'code.md': '# Code\n\n```js\nconst a = 1;\n```\n',
    },
    'docsgen-lazy-',
  );
  // The lists of languages and themes load with the site; Shiki's core, engine, grammars'
  // machinery and transformers do not.
  const shiki = /@shikijs\/(core|engine-oniguruma|vscode-textmate|transformers)\/|shiki\/dist\/(bundle-full|core|engine-oniguruma)/;
  const lines = run(
    root,
    `writeSync(2, 'STEP prose\\n');
await site.document('index');
writeSync(2, 'STEP code\\n');
await site.document('code');
writeSync(2, 'STEP end\\n');`,
  );
  assert.equal(loadedBetween(lines, 'START', 'STEP code', shiki), [], 'creating the site and a page without code load none of it');
  assert.ok(loadedBetween(lines, 'STEP code', 'STEP end', shiki).length > 0, 'a page with code loads it');
});

test('should load the grammars of API code samples only for a page with samples, and only the languages it shows', () => {
  const spec = ['openapi: 3.0.3', 'info: { title: Lazy, version: "1" }', 'paths:', '  /users:', '    get:', '      summary: List users', '      responses:', '        "200": { description: OK }'].join('\n');
  const root = writeTempProject(
    {
      'docs.json': JSON.stringify({ name: 'Lazy', navigation: { pages: ['index', 'users'] } }),
      'openapi.yaml': spec,
      'index.md': '# Home\n\nProse only.\n',
      'users.mdx': '---\nopenapi: GET /users\n---\n\nThe users.\n',
    },
    'docsgen-lazy-',
  );
  const lines = run(
    root,
    `writeSync(2, 'STEP prose\\n');
await site.document('index');
writeSync(2, 'STEP samples\\n');
await site.document('users');
writeSync(2, 'STEP end\\n');`,
  );
  const grammar = (name: string) => new RegExp(`@shikijs/langs/dist/${name}\\.mjs$`);
  assert.equal(loadedBetween(lines, 'START', 'STEP samples', /@shikijs\/langs\/dist\//), [], 'creating the site and a page without samples load no grammar');
  // The generated samples: cURL, JavaScript, Python, Go.
  for (const name of ['shellscript', 'javascript', 'python', 'go']) assert.ok(loadedBetween(lines, 'STEP samples', 'STEP end', grammar(name)).length > 0, `a page with samples loads ${name}`);
  // Ruby alone pulls in some thirty grammars; no sample here is in it.
  for (const name of ['ruby', 'php', 'haml', 'csharp']) assert.equal(loadedBetween(lines, 'STEP samples', 'STEP end', grammar(name)), [], `no sample is in ${name}: not loaded`);
});

test('should load ajv only to explain a failed union of docs.json (the precompiled validator checks it and explains the rest)', () => {
  const pages = { 'index.md': '# Home\n' };
  const valid = writeTempProject({ ...pages, 'docs.json': JSON.stringify({ name: 'Valid', navigation: { pages: ['index'] } }) }, 'docsgen-lazy-');
  const invalid = writeTempProject({ ...pages, 'docs.json': JSON.stringify({ name: 'Invalid', navigation: { pages: ['index'] }, colors: { primary: 12 }, thme: 'x' }) }, 'docsgen-lazy-');
  // A page entry is a page or a group (`anyOf`): this one is neither.
  const union = writeTempProject({ ...pages, 'docs.json': JSON.stringify({ name: 'Union', navigation: { pages: ['index', { grup: 'A', pages: [] }] } }) }, 'docsgen-lazy-');
  const script = `const { createSite } = await import(${JSON.stringify(core)});
const { createRequire } = await import('node:module');
const cache = createRequire(import.meta.url).cache;
const isAjvLoaded = () => Object.keys(cache).some((file) => /[\\\\/]ajv[\\\\/]dist[\\\\/]ajv\\.js$/.test(file));
await createSite(${JSON.stringify(valid)}, { mode: 'build' });
process.stderr.write('VALID ' + isAjvLoaded() + '\\n');
const site = await createSite(${JSON.stringify(invalid)}, { mode: 'build' });
process.stderr.write('INVALID ' + isAjvLoaded() + ' ' + site.messages.some((message) => message.fatal && message.ruleId === 'invalid-type') + ' ' + site.messages.some((message) => message.ruleId === 'unknown-key') + '\\n');
const unionSite = await createSite(${JSON.stringify(union)}, { mode: 'build' });
process.stderr.write('UNION ' + isAjvLoaded() + ' ' + unionSite.messages.some((message) => message.fatal && message.ruleId === 'missing-key' && message.path === 'navigation.pages[1]') + '\\n');`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    encoding: 'utf8',
  });
  assert.is(child.status, 0, child.stderr);
  assert.ok(child.stderr.includes('VALID false'), `a valid docs.json does not load ajv: ${child.stderr}`);
  assert.ok(child.stderr.includes('INVALID false true true'), `nor does a wrong type or an unknown key, which are explained: ${child.stderr}`);
  assert.ok(child.stderr.includes('UNION true true'), `a failed union does, and is explained: ${child.stderr}`);
});

test.run();
