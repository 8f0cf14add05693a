import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { candidatesOf, scriptCandidates, scriptStrings } from '../src/class-candidates.js';
import { buildSite } from '../src/build.js';
import { createPageCompiler } from '../src/compile.js';
import { createSite } from '../src/site.js';
import { generateTailwindCss } from '../src/tailwind-css.js';
import { writeTempProject } from './temp-project.js';

const test = suite('class candidates and the Tailwind stylesheet');

const code = { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true } as const;

async function candidatesOfPage(file: string, source: string): Promise<string[]> {
  const compiler = createPageCompiler({ root: '/project', code, knownComponents: ['Card', 'Note'] });
  const compiled = await compiler.compileFile({ file: join('/project', file), source });
  assert.equal(compiled.messages.filter((message) => message.fatal), [], source);
  return compiled.data.classCandidates as string[];
}

test('should collect className and class values of an MDX page, not its prose, code blocks or other attributes', async () => {
  const found = await candidatesOfPage(
    'index.mdx',
    [
      '---\ntitle: Home\n---',
      '<div className="px-6 py-3 rounded-full  bg-black dark:bg-white">Get started with block and hidden words</div>',
      '<Card title="grid flex" className="max-w-[320px]" />',
      '<span class="text-primary">Brand</span> and `inline-code` with the word underline',
      '```html\n<div class="bg-red-500"></div>\n```',
    ].join('\n\n'),
  );
  assert.equal(found, ['bg-black', 'dark:bg-white', 'max-w-[320px]', 'px-6', 'py-3', 'rounded-full', 'text-primary']);
});

test('should collect the strings of expressions and of components defined in the page', async () => {
  const found = await candidatesOfPage(
    'landing.mdx',
    [
      'export const Tile = ({ title, wide }) => (',
      '  <a className={`group block ${wide ? "sm:col-span-2" : "col-span-1"}`} href="/x">',
      '    <h3 className="group-hover:underline">{title}</h3>',
      '  </a>',
      ');',
      '',
      '<div className={["grid", "grid-cols-2"].join(" ")}>',
      '  <Tile title="One" />',
      '</div>',
      '',
      '{/* <div className="commented-out"></div> */}',
    ].join('\n'),
  );
  for (const name of ['group', 'block', 'sm:col-span-2', 'col-span-1', 'group-hover:underline', 'grid', 'grid-cols-2']) assert.ok(found.includes(name), `${name} in ${found.join(' ')}`);
  assert.not.ok(found.includes('commented-out'), 'a comment is not code');
  assert.not.ok(found.includes('One'), 'JSX text is not a string');
});

test('should collect class attributes of raw HTML in a Markdown page', async () => {
  const found = await candidatesOfPage('page.md', '# Page\n\n<div class="mx-auto max-w-3xl" id="a">Text with flex</div>\n\n<p class=\'mt-4\'>x</p>\n');
  assert.equal(found, ['max-w-3xl', 'mt-4', 'mx-auto']);
});

test('should read the strings of JavaScript source, skipping comments and surviving apostrophes in JSX text', () => {
  const source = [
    "// className='line-comment'",
    '/* "block-comment" */',
    "export const A = ({ on }) => <p className={on ? 'block' : \"hidden\"}>Don't stop</p>;",
    'const B = `p-${size} ${`nested-${x}`} m-2`;',
    "const C = 'after';",
  ].join('\n');
  const strings = scriptStrings(source);
  assert.ok(strings.includes('block') && strings.includes('hidden') && strings.includes('after'), strings.join('|'));
  assert.not.ok(strings.some((text) => text.includes('comment')), strings.join('|'));
  assert.ok(strings.includes('p-') && strings.includes(' m-2') && strings.includes('nested-'), strings.join('|'));
  assert.ok(scriptCandidates(source).includes('m-2'));
});

test('should keep only words shaped like class names', () => {
  assert.equal(candidatesOf('  px-4\tmd:px-8 w-[calc(100%-2rem)] <b> {x} "hover:bg-gray-50", 42 '), ['px-4', 'md:px-8', 'w-[calc(100%-2rem)]', 'hover:bg-gray-50']);
});

test('should split words at quotes, except inside an arbitrary value', () => {
  // HTML kept in a script's string: the attribute's quotes end the words, as for Tailwind's scanner.
  const words = candidatesOf('<div class="callout my-4 px-5"><svg class=\'size-5\'>');
  for (const name of ['callout', 'my-4', 'px-5', 'size-5']) assert.ok(words.includes(name), words.join('|'));
  assert.not.ok(words.some((found) => /["'>]/.test(found)), words.join('|'));
  assert.equal(candidatesOf("before:content-['*'] [&>*]:p-2 content-[\"x_y\"]"), ["before:content-['*']", '[&>*]:p-2', 'content-["x_y"]']);
  assert.ok(scriptCandidates('el.innerHTML = `<p class="mt-6 text-sm">${text}</p>`;').includes('mt-6'));
});

test('should give a page the class names of the snippets and components it imports', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Classes', navigation: { pages: ['index', 'plain'] } }),
    'index.mdx': "---\ntitle: Home\n---\nimport { Hero } from '/snippets/hero.jsx';\nimport Intro from '/snippets/intro.mdx';\n\n<Hero />\n\n<Intro />\n",
    'plain.mdx': '---\ntitle: Plain\n---\n\nNo classes.\n',
    'snippets/hero.jsx': "export const Hero = ({ big }) => <section className={big ? 'py-32' : 'py-16 lg:py-48'}>Hero</section>;\n",
    'snippets/intro.mdx': '<p className="text-lg">Intro</p>\n',
  });
  try {
    const site = await createSite(root);
    assert.equal((await site.render('index'))?.classCandidates, ['lg:py-48', 'py-16', 'py-32', 'text-lg']);
    assert.equal((await site.render('plain'))?.classCandidates, []);
    const document = (await site.document('index'))!.html;
    assert.match(document, /<link rel="stylesheet" href="\/_docsgen\/tailwind\.css" data-dg-generated="">/);
    assert.not.match((await site.document('plain'))!.html, /tailwind\.css/, 'a page without class names does not link it');
    assert.equal(await site.classCandidates({ all: true }), ['lg:py-48', 'py-16', 'py-32', 'text-lg']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('should write the stylesheet of every page in a build, pages from the cache included, and link it from pages with class names', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Build', navigation: { pages: ['index', 'other', 'plain'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\n<div className="grid gap-4">Home</div>\n',
    'other.mdx': '---\ntitle: Other\n---\n\n<div className="max-w-[320px]">Other</div>\n',
    'plain.mdx': '---\ntitle: Plain\n---\n\nNo classes.\n',
  });
  try {
    const outDir = `${root}-out`;
    for (const round of ['rendered', 'cached']) {
      const result = await buildSite(root, { outDir, workers: 1 });
      assert.ok(result.ok, result.messages.map((message) => message.reason).join('\n'));
      if (round === 'cached') assert.is(result.cached, 3, 'every page from the cache');
      const css = readFileSync(join(outDir, '_docsgen', 'tailwind.css'), 'utf8');
      for (const rule of ['.grid', '.gap-4', '.max-w-\\[320px\\]']) assert.ok(css.includes(rule), `${round}: ${rule}`);
      assert.equal(result.tailwindCss, { bytes: Buffer.byteLength(css), candidates: 3 });
      assert.match(readFileSync(join(outDir, 'other.html'), 'utf8'), 'href="/_docsgen/tailwind.css"');
      assert.not.match(readFileSync(join(outDir, 'plain.html'), 'utf8'), 'tailwind.css');
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(`${root}-out`, { recursive: true, force: true });
  }
});

test('should make the stylesheet for the class names of the project\'s own scripts too, and link it from every page then', async () => {
  // The Model Context Protocol's docs: a script puts a notice with Tailwind classes under the title.
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'Scripts', navigation: { pages: ['index', 'plain'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nNo classes.\n',
    'plain.mdx': '---\ntitle: Plain\n---\n\nNo classes either.\n',
  });
  const outDir = `${root}-out`;
  try {
    const plain = await buildSite(root, { outDir, workers: 0 });
    assert.ok(plain.ok);
    assert.not.ok(existsSync(join(outDir, '_docsgen', 'tailwind.css')), 'no class names anywhere: no stylesheet');
    assert.not.match(readFileSync(join(outDir, 'plain.html'), 'utf8'), 'tailwind.css');
    writeFileSync(join(root, 'notice.js'), "const ICON = 'flex-none size-5 text-yellow-800';\nconst notice = document.createElement('div');\nnotice.className = `my-4 px-5`;\ndocument.body.append(notice);\n");
    const result = await buildSite(root, { outDir, workers: 0 });
    assert.ok(result.ok);
    assert.is(result.cached, 0, 'the pages render again: they link the stylesheet now');
    const css = readFileSync(join(outDir, '_docsgen', 'tailwind.css'), 'utf8');
    for (const rule of ['.size-5', '.flex-none', '.my-4', '.px-5', '.text-yellow-800']) assert.ok(css.includes(rule), rule);
    assert.equal(result.tailwindCss?.bytes, Buffer.byteLength(css), 'reported');
    for (const page of ['index', 'plain']) assert.match(readFileSync(join(outDir, `${page}.html`), 'utf8'), 'href="/_docsgen/tailwind.css"', page);
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('should generate only the utilities asked for, important, without Preflight, with dark mode, brand colours and arbitrary values', async () => {
  const { css, messages } = await generateTailwindCss(['p-6', 'rounded-xl', 'grid-cols-2', 'max-w-[320px]', 'dark:bg-white', 'text-primary', 'bg-primary-light', 'sm:grid-cols-3', 'group-hover:underline', 'my-callout', 'Quickstart']);
  assert.equal(messages, []);
  assert.match(css, /\.p-6 \{\n\s+padding: calc\(var\(--spacing\) \* 6\) !important;/);
  assert.match(css, /\.max-w-\\\[320px\\\] \{\n\s+max-width: 320px !important;/);
  assert.match(css, /\.text-primary \{\n\s+color: var\(--dg-primary, var\(--dg-accent\)\) !important;/);
  assert.match(css, /\.bg-primary-light \{/);
  assert.match(css, /\.dark\\:bg-white:where\(\.dark, \.dark \*\)/);
  assert.match(css, /@media \(width >= 40rem\) \{\n\s+\.sm\\:grid-cols-3/);
  assert.match(css, /:where\(\.group\):hover \.group-hover\\:underline/);
  assert.not.match(css, /my-callout|Quickstart/);
  assert.not.match(css, /\bbox-sizing: border-box|^\s*html,|^\s*body \{/m, 'no Preflight reset');
  assert.not.match(css, /\.rounded-full|\.px-4\b/, 'nothing that was not asked for');
  assert.is((await generateTailwindCss([])).css, '');
  // Preflight's rules for buttons and borders, only on the page's own elements with classes.
  assert.match(css, ':where(button[class]:not([class^="dg-"], [class*=" dg-"])) {');
  assert.match(css, /:where\(\[class\*="border"\]:not\(\[class\^="dg-"\], \[class\*=" dg-"\]\)\) \{\n\s+border-color: var\(--dg-border\);/);
  const words = await generateTailwindCss(['Quickstart', 'my-callout']);
  assert.is(words.hasUtilities, false, 'words that are not utilities: no utility, whatever the base rules');
  assert.ok((await generateTailwindCss(['p-6'])).hasUtilities);
  assert.is((await generateTailwindCss(['rounded-xl', 'p-6'])).css, (await generateTailwindCss(['p-6', 'rounded-xl', 'p-6'])).css, 'the same names give the same bytes');
});

test.run();
