import {
  rehypeHeadingIds,
  rehypeHighlightCode,
  remarkAbsoluteImages,
  remarkCodeMeta,
  remarkReadingTime,
  remarkUnknownComponents,
  rewriteLatexBlocks,
} from '@docsgen/mdx-transforms';
import { builtinComponents } from '@docsgen/renderer';
import { compile, createProcessor, run } from '@mdx-js/mdx';
import { h } from 'preact';
import * as jsxRuntime from 'preact/jsx-runtime';
import { renderToString } from 'preact-render-to-string';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { join, relative, sep } from 'node:path';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { VFile } from 'vfile';
import { hasAutolinkTrigger, mayHaveAutolinkLiterals, recmaPropsAsVariables, rehypeJsxHeadings, rehypeJsxToElements, rehypeWrapTables, remarkGfmWithoutAutolinkLiterals } from '../src/compile-helpers.js';
import { createPageCompiler } from '../src/compile.js';
import { renderTree } from '../src/runtime.js';

// The plugin is typed for a parsing processor; remark-gfm's looser type lets tests use it anywhere.
const gfmLite = remarkGfmWithoutAutolinkLiterals as unknown as typeof remarkGfm;

const test = suite('createPageCompiler');

const root = join(sep, 'project');
const code = { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true } as const;
const knownComponents = ['Note', 'Card', 'Tree'];

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be reproduced. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

// Phrasing: most without anything an autolink literal starts with, some with (last rows).
const phrases = [
  'plain words here',
  '**bold** and *emphasis*',
  '`inline code with https://in.code`',
  '[a link](https://example.org/spec/v2)',
  '[local](/guides/setup "A title with www.example.com")',
  '![an image](../images/shot.png)',
  '[a reference][ref]',
  'a footnote[^note]',
  '~~struck~~ text',
  'math $x^2 + y$ inline',
  'escaped \\* star and &amp; entity',
  'trailing spaces  \nhard break',
  'http:/not-a-url and mailto text',
  '_www_ and w.w.w and ww.x',
  'www.example.com in text',
  'see https://bare.example.org/path?x=1.',
  'mail user@example.com now',
  'WWW.EXAMPLE.COM shouted',
  'ftp://files.example.org',
  '[label with www.example.com](/x)',
  '![alt with https://x.y](/a.png)',
];
const sharedBlocks = [
  () => '## A heading with `code`',
  () => '| Option | Type |\n| --- | --- |\n| `a \\| b` | [x](https://x.org) |\n| plain | www.example.com |',
  () => '- one\n- two\n  - nested [link](https://example.net/a)\n- [ ] task',
  () => '1. first\n2. second',
  () => '> **Tip:** quoted text',
  () => '```bash\ncurl -fsSL https://example.com/install.sh | sh # user@host\n```',
  () => '```ts\nconst a: string = "x";\n```',
  () => '$$\n\\int_0^1 x\\,dx\n$$',
  () => '[ref]: https://example.com/reference',
  () => '[^note]: The note, with www.example.com.',
];
const markdownBlocks = [() => '<div class="box">raw www.example.com</div>', () => '<img src="a.png" alt="x">'];
const mdxBlocks = [
  () => '<Note>Inside a component, plain.</Note>',
  () => '<Card href="https://example.com/card" title="www.example.com">Card body</Card>',
  () => 'An expression {1 + 1} inline.',
  () => 'export const answer = 42',
];

function generatePage(random: () => number, isMdx: boolean): string {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Two pages in three only use phrases without autolink triggers, so both paths run.
  const usable = random() < 0.66 ? phrases.slice(0, 14) : phrases;
  const blocks = [...sharedBlocks, ...(isMdx ? mdxBlocks : markdownBlocks)];
  const parts = ['---\ntitle: "Generated"\n---'];
  for (let index = 0; index < 8; index++) {
    parts.push(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(usable)).join(' '));
    if (random() < 0.7) {
      const block = pick(blocks)();
      if (usable === phrases || !/www\.|:\/\/|@/i.test(block) || /^```|^\[ref\]/.test(block)) parts.push(block);
    }
  }
  return parts.join('\n\n') + '\n';
}

function rehypeRawWhenNeeded() {
  const raw = rehypeRaw({ passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement'] });
  const hasRaw = (node: { type: string; children?: unknown[] }): boolean =>
    node.type === 'raw' || (node.children ?? []).some((child) => hasRaw(child as { type: string }));
  return (tree: HastRoot, file: VFile) => (hasRaw(tree) ? raw(tree, file) : tree);
}

/** The pipeline before processors were reused and autolink literals prefiltered. */
async function compileWithReference(file: string, source: string) {
  const pagePath = relative(root, file).split(sep).join('/');
  const isMdx = file.endsWith('.mdx');
  const remarkPlugins = [
    remarkFrontmatter,
    remarkGfm,
    remarkMath,
    [remarkAbsoluteImages, { pagePath }],
    remarkCodeMeta,
    remarkReadingTime,
    ...(isMdx ? [[remarkUnknownComponents, { known: knownComponents }]] : []),
  ] as PluggableList;
  const rehypePlugins = [rehypeHeadingIds, rehypeJsxHeadings, [rehypeHighlightCode, code], rehypeKatex, rehypeWrapTables] as PluggableList;
  const vfile = new VFile({ path: file, value: rewriteLatexBlocks(source) });
  if (isMdx) {
    const options = { jsxImportSource: 'preact', providerImportSource: 'virtual:docsgen/mdx-components', remarkPlugins, rehypePlugins, recmaPlugins: [recmaPropsAsVariables] };
    const result = await compile(vfile, options);
    // What the page renders to, for pages the compiler keeps as a tree (no JavaScript in them).
    const body = await compile(new VFile({ path: file, value: rewriteLatexBlocks(source) }), { ...options, outputFormat: 'function-body' });
    const { default: Content } = await run(String(body.value), { ...(jsxRuntime as Record<string, unknown>), baseUrl: import.meta.url, useMDXComponents: () => builtinComponents } as never);
    const html = renderToString(h(Content as never, {}));
    return { code: String(result.value), html, tree: undefined, messages: vfile.messages.map((message) => message.reason), data: vfile.data };
  }
  const processor = unified()
    .use(remarkParse)
    .use(remarkPlugins)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRawWhenNeeded)
    .use(rehypePlugins)
    .use(rehypeJsxToElements);
  const tree = await processor.run(processor.parse(vfile), vfile);
  // The compiler keeps no source positions in its trees (rendering reads none).
  return { code: '', html: undefined, tree: JSON.parse(JSON.stringify(tree, (key, value: unknown) => (key === 'position' ? undefined : value))) as typeof tree, messages: vfile.messages.map((message) => message.reason), data: vfile.data };
}

test('should give the output of the previous pipeline for generated pages, with and without autolink literals', async () => {
  const compiler = createPageCompiler({ root, code, knownComponents });
  const random = createRandom(7);
  const taken = { lite: 0, full: 0, mdxTree: 0 };

  for (let index = 0; index < 40; index++) {
    const isMdx = index % 2 === 1;
    const file = join(root, 'guides', `page-${index}.${isMdx ? 'mdx' : 'md'}`);
    const source = generatePage(random, isMdx);
    const actual = await compiler.compileFile({ file, source });
    const expected = await compileWithReference(file, source);

    assert.equal(actual.messages.filter((message) => message.fatal), [], source);
    if (isMdx && actual.tree) {
      // An `.mdx` page without JavaScript is kept as a tree: it must render as MDX renders it.
      taken.mdxTree++;
      assert.is(renderToString(renderTree(actual.tree, builtinComponents)), expected.html, source);
    } else {
      assert.is(actual.code, expected.code, source);
      assert.equal(actual.tree, expected.tree, source);
    }
    assert.equal(actual.messages.map((message) => message.reason), expected.messages, source);
    const { hasMath, codeBlocks, classCandidates, ...data } = actual.data;
    assert.equal(data, expected.data, source);
    assert.type(hasMath, 'boolean');
    // The class names, for the site's Tailwind CSS (class-candidates.test.ts).
    assert.ok(Array.isArray(classCandidates), source);
    // The top-level fences, for a code group showing the file as a snippet.
    assert.equal((codeBlocks as Array<{ language?: string }>).map((block) => block.language), [...source.matchAll(/^```(\w+)/gm)].map((match) => match[1]), source);

    const parser = isMdx ? createProcessor({ remarkPlugins: [gfmLite] }) : unified().use(remarkParse).use(gfmLite);
    taken[hasAutolinkTrigger(parser.parse(rewriteLatexBlocks(source)) as MdastRoot) ? 'full' : 'lite']++;
  }

  assert.ok(taken.lite >= 10 && taken.full >= 10, JSON.stringify(taken));
  assert.ok(taken.mdxTree >= 4 && taken.mdxTree <= 16, `both .mdx paths run: ${JSON.stringify(taken)}`);
});

test('should keep .mdx pages with comments, literal attributes and explicit elements as trees that render as MDX does', async () => {
  const compiler = createPageCompiler({ root, code, knownComponents });
  const pages = [
    // Comments: first and last in the page, in a paragraph, alone in a paragraph, in a component.
    '{/* first */}\n\n# Title\n\nText {/* inline */} more {/**/}.\n\n{/* alone */} \n\n<Note>\n  {/* in a component */}\n  Body\n</Note>\n\n{/* last */}\n',
    // Elements written as JSX: MDX does not hand them to the component map, and passes their
    // attributes as written; a heading is the `<Heading>` component (`rehypeJsxHeadings`).
    '## Heading\n\n<img src="/a.png" alt="A" style="width: 100px" className="rounded" />\n\nSee <a href="https://example.com">this</a>.\n\n<h2>Explicit</h2>\n\n<iframe src="https://example.com/v" allowFullScreen className="w-full" />\n\n<div style={{ width: 10, color: "red" }} data-x={-1}>Box</div>\n',
    // Literal attribute values: numbers, booleans, null, templates, arrays and objects of them.
    // A member of a component (`<Tree.Folder>`), looked up as compiled MDX looks it up.
    '<Card title="Files">\n<Tree>\n  <Tree.Folder name="src" defaultOpen>\n    <Tree.File name="index.ts" />\n  </Tree.Folder>\n</Tree>\n</Card>\n',
    '<Card title="T" horizontal={true} cols={2} extra={[1, -2, "x", null, `t`]} meta={{ a: +1, "b": [false], 3: "three" }}>\n  Card body {/* note */}\n</Card>\n\n<Note>Inline <Card title={"Nested"} /> text</Note>\n',
  ];
  for (const [index, source] of pages.entries()) {
    const file = join(root, `kept-${index}.mdx`);
    const actual = await compiler.compileFile({ file, source });
    const expected = await compileWithReference(file, source);
    assert.equal(actual.messages, [], source);
    assert.is(actual.code, '', source);
    assert.ok(actual.tree, source);
    assert.is(renderToString(renderTree(actual.tree, builtinComponents)), expected.html, source);
    // The markers of the tree path do not stay in the tree or its data.
    assert.not.match(JSON.stringify(actual.tree), /docsgenKept/, source);
    assert.is(actual.data.jsxAsWritten, undefined, source);
  }
  // Rendered twice, a literal array is a new array each time, as compiled code makes it.
  const { tree } = await compiler.compileFile({ file: join(root, 'twice.mdx'), source: '<Card tags={["a"]} />\n' });
  const seen: unknown[] = [];
  const Card = (props: { tags: unknown }) => {
    seen.push(props.tags);
    return null;
  };
  renderToString(renderTree(tree!, { ...builtinComponents, Card }));
  renderToString(renderTree(tree!, { ...builtinComponents, Card }));
  assert.equal(seen, [['a'], ['a']]);
  assert.is.not(seen[0], seen[1]);
  // A member that is not there fails as compiled MDX fails.
  for (const [source, message] of [['<Tree.Nope />\n', /Expected component `Tree.Nope` to be defined/], ['<Gone.Item />\n', /Expected object `Gone` to be defined/]] as const) {
    const kept = await createPageCompiler({ root, code, knownComponents: [...knownComponents, 'Gone'] }).compileFile({ file: join(root, 'member.mdx'), source });
    assert.ok(kept.tree, source);
    assert.throws(() => renderToString(renderTree(kept.tree!, builtinComponents)), message);
  }
});

test('should compile .mdx pages with code in expressions or attributes to JavaScript', async () => {
  const compiler = createPageCompiler({ root, code, knownComponents });
  for (const source of ['Sum {1 + 1}.\n', '<Card title={name} />\n', '<Card {...props} />\n', '<Card items={[a]} />\n', '<Card meta={{ [key]: 1 }} />\n', '<Card tip={`a${b}`} />\n', '<Card f={() => 1} />\n', '<>Fragment</>\n', 'import * as N from "./x.mdx"\n\n<N />\n', 'import X from "pkg"\n\n<X />\n', 'import "./side.js"\n', 'export const a = 1\n']) {
    const actual = await compiler.compileFile({ file: join(root, 'code.mdx'), source });
    assert.is(actual.tree, undefined, source);
    assert.ok(actual.code.includes('MDXContent'), source);
  }
});

test('should turn autolink literals in text into links, and leave URLs in destinations and code alone', async () => {
  const compiler = createPageCompiler({ root, code, knownComponents });
  const source = 'See www.example.com and [docs](https://example.org/docs) and `https://in.code`.\n';
  const { tree } = await compiler.compileFile({ file: join(root, 'page.md'), source });
  const paragraph = tree!.children[0] as { children: Array<{ type: string; tagName?: string; properties?: { href?: string } }> };
  const links = paragraph.children.filter((node) => node.type === 'element' && node.tagName === 'a').map((node) => node.properties!.href);
  assert.equal(links, ['http://www.example.com', 'https://example.org/docs']);
});

test('should parse pages without autolink triggers in their text to the same tree as full GFM', () => {
  const random = createRandom(11);
  let compared = 0;
  for (let index = 0; index < 60; index++) {
    const isMdx = index % 2 === 1;
    const source = generatePage(random, isMdx);
    const lite = isMdx ? createProcessor({ remarkPlugins: [remarkFrontmatter, gfmLite, remarkMath] }) : unified().use(remarkParse).use(remarkFrontmatter).use(gfmLite).use(remarkMath);
    const full = isMdx ? createProcessor({ remarkPlugins: [remarkFrontmatter, remarkGfm, remarkMath] }) : unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkMath);
    const tree = lite.parse(source) as MdastRoot;
    if (hasAutolinkTrigger(tree)) continue;
    assert.equal(tree, full.parse(source), source);
    compared++;
  }
  assert.ok(compared >= 20, `compared ${compared}`);
});

test('should find autolink triggers in text and image descriptions only', () => {
  const parse = (source: string) => unified().use(remarkParse).use(gfmLite).parse(source);
  for (const source of ['www.example.com', 'WWW.Example.com', 'https://x.org', 'ftp://x.org', 'a@b.co', '*see www.x.org*', '![www.x.org](a.png)', '| a |\n| - |\n| www.x.org |']) {
    assert.ok(hasAutolinkTrigger(parse(source)), source);
  }
  for (const source of ['[x](https://x.org)', '`https://x.org`', '```\na@b.co\n```', '[x]: https://x.org', '![a](https://x.org/a.png "www.x")', 'http:/x and www-x']) {
    assert.not.ok(hasAutolinkTrigger(parse(source)), source);
  }
});

test('should guess from the source which pages have autolink literals in their text', () => {
  for (const source of ['www.example.com', 'mail a@b.co', '*see www.x.org*', '<Note>see https://x.org</Note>', '[label www.x.org](/x)', '| a |\n| - |\n| www.x.org |']) {
    assert.ok(mayHaveAutolinkLiterals(source), source);
  }
  for (const source of ['plain words', '[x](https://x.org)', '`https://x.org`', '```bash\ncurl https://x.org # a@b\n```', '[x]: https://x.org', '<Card href="https://x.org" title="a@b">A card</Card>', '![a](https://x.org/a.png "title")']) {
    assert.not.ok(mayHaveAutolinkLiterals(source), source);
  }
});

test('should parse a page once, with full GFM at once when its source has a literal, else without literals', async () => {
  // Counts parses through unified's processors (the compiler's are made from the same class).
  const prototype = Object.getPrototypeOf(unified()) as { parse: (...args: unknown[]) => unknown };
  const original = prototype.parse;
  let parses = 0;
  prototype.parse = function (this: unknown, ...args: unknown[]) {
    parses++;
    return original.apply(this, args);
  };
  try {
    const compiler = createPageCompiler({ root, code, knownComponents });
    for (const [name, source] of [['literal.md', 'Write to team@example.com or see www.example.com.\n'], ['literal.mdx', '<Note>See https://example.org/x.</Note>\n'], ['plain.mdx', 'See [docs](https://example.org/docs) and `https://in.code`.\n']] as const) {
      parses = 0;
      const { messages } = await compiler.compileFile({ file: join(root, name), source });
      assert.equal(messages, [], name);
      assert.is(parses, 1, name);
    }
  } finally {
    prototype.parse = original;
  }
});

test('should leave out exactly the autolink literal parts of remark-gfm', () => {
  const processor = unified().use(remarkParse).use(gfmLite).freeze();
  const data = processor.data();
  const names = new Set<string>();
  for (const extension of data.micromarkExtensions ?? []) {
    for (const byCode of Object.values(extension)) {
      for (const list of Object.values((byCode ?? {}) as Record<string, unknown>)) {
        for (const construct of [list].flat() as Array<{ name?: string }>) if (construct?.name) names.add(construct.name);
      }
    }
  }
  assert.not.ok([...names].some((name) => /autolink/i.test(name)), [...names].join());
  const handlers = (data.fromMarkdownExtensions ?? []).flat(2) as Array<{ enter?: Record<string, unknown>; transforms?: unknown[] }>;
  assert.not.ok(handlers.some((extension) => extension.enter && 'literalAutolink' in extension.enter));
  assert.not.ok(handlers.some((extension) => (extension.transforms ?? []).length > 0));

  const tree = processor.parse('| a |\n| - |\n| ~~b~~ |\n\n- [x] done[^1]\n\n[^1]: note\n\nwww.example.com\n');
  assert.equal(tree.children.map((node) => node.type), ['table', 'list', 'footnoteDefinition', 'paragraph']);
  assert.equal((tree.children[3] as { children: Array<{ type: string }> }).children.map((node) => node.type), ['text']);
});

test('should place images from the page path under the root', async () => {
  const compiler = createPageCompiler({ root, code, knownComponents });
  const { tree } = await compiler.compileFile({ file: join(root, 'guides', 'setup', 'intro.md'), source: '![x](../images/a.png)\n' });
  const image = (tree!.children[0] as unknown as { children: Array<{ properties: { src: string } }> }).children[0]!;
  assert.is(image.properties.src, '/guides/images/a.png');
});

test('should run KaTeX when a user remark plugin could add math, even without `$` in the source', async () => {
  const addMath = () => (tree: MdastRoot) => {
    tree.children.push({ type: 'math', value: 'x^2', data: { hName: 'pre', hChildren: [{ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text', value: 'x^2' }] }] } } as never);
  };
  const compiler = createPageCompiler({ root, code, knownComponents, remarkPlugins: [addMath] });
  const { tree } = await compiler.compileFile({ file: join(root, 'page.md'), source: 'No dollars.\n' });
  assert.match(JSON.stringify(tree), /katex/);
});

test.run();
