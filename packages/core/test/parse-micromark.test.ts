// The micromark patches that make every parse cheaper and must not change a token
// (`patches/micromark@…`, `patches/micromark-core-commonmark@…`,
// `patches/micromark-extension-gfm-table@…`, `patches/micromark-util-subtokenize@…`):
//
// - `consumeRun`: a state that consumes any character and stays itself (a line of flow, content,
//   paragraph text, text data up to a break, code, inline code, the table's lookahead) takes
//   the rest of its string chunk at once. The reference: the same document with every string
//   chunk split into one-character chunks, where there is never a rest to take.
// - `subtokenize(events, true)`: the document's content, text and strings are tokenized in
//   one pass where they are met. The reference: the passes upstream makes, one per level.
// - Attempts that cannot match are not made: a blank line (flow, list items) is tried only at a
//   space, tab, line ending or the end; a container only after indent or at a code a document
//   construct is listed for; constructs the parser disables (`codeIndented` in MDX) are left out
//   of the lists by code. The reference: the trees upstream gives (written out below; the
//   platform docs and the corpus are compared with an unpatched checkout by `bench/parse.mjs
//   --same-as`).
import type { Chunk, Event, Extension } from 'micromark-util-types';
import { createRequire } from 'node:module';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageCompiler } from '../src/compile.js';
import { remarkMathSyntax } from '../src/remark-math-syntax.js';

const test = suite('micromark patches');

// micromark is not a dependency of this package: it is reached through remark-parse, as a
// build reaches it (micromark, then its subtokenizer).
const fromRemarkParse = createRequire(createRequire(import.meta.url).resolve('remark-parse'));
const fromFromMarkdown = createRequire(fromRemarkParse.resolve('mdast-util-from-markdown'));
const micromarkPath = fromFromMarkdown.resolve('micromark');
const micromark = (await import(micromarkPath)) as {
  parse(options: { extensions: Extension[] }): { document(): { write(chunks: Chunk[]): Event[] } };
  preprocess(): (value: string, encoding: undefined, end: boolean) => Chunk[];
  postprocess(events: Event[]): Event[];
};
const { subtokenize } = (await import(createRequire(micromarkPath).resolve('micromark-util-subtokenize'))) as {
  subtokenize(events: Event[], isDeep?: boolean): boolean;
};

// The syntax extensions of a build's `.md` parse: frontmatter, GFM, math.
const extensions = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkMathSyntax).freeze().data().micromarkExtensions!;

/** The events of `source`, each with its token's type and place, as lines. */
function eventsOf(source: string, options: { splitChunks?: boolean; passes?: 'one' | 'per level' } = {}): string[] {
  let chunks = micromark.preprocess()(source, undefined, true);
  if (options.splitChunks) chunks = chunks.flatMap((chunk): Chunk[] => (typeof chunk === 'string' ? chunk.split('') : [chunk]));
  const written = micromark.parse({ extensions }).document().write(chunks);
  let events: Event[];
  if (options.passes === 'per level') {
    events = written;
    while (!subtokenize(events)) {
      // Upstream: one pass over every event for each level of content.
    }
  } else {
    events = micromark.postprocess(written);
  }
  const at = (point: { line: number; column: number; offset: number }) => `${point.line}:${point.column}:${point.offset}`;
  return events.map(([kind, token]) => `${kind} ${token.type} ${at(token.start)}-${at(token.end)}`);
}

/** Line and column of every offset of `source`, as micromark counts them (CRLF is one line ending). */
function placesOf(source: string): Array<{ line: number; column: number }> {
  const places: Array<{ line: number; column: number }> = [];
  let line = 1;
  let column = 1;
  for (let offset = 0; offset <= source.length; offset++) {
    places.push({ line, column });
    const code = source.charCodeAt(offset);
    if (code === 10 || (code === 13 && source.charCodeAt(offset + 1) !== 10)) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return places;
}

const cases = [
  'A paragraph of words, *emphasis*, **strong**, `code with spaces` and ``a ` tick``.\nA second line\twith a tab.',
  '# Heading with `code`\n\nSetext heading\n===\n\n> quote line one\nlazy line two\n> > nested www.example.com\n',
  '- item one\n- [ ] task\n- [x] done\n  continued\n\n  second paragraph\n1. ordered\n   lazy\ncontinuation\n',
  '| a | b |\n| - | :-: |\n| `x|y` | c@d.io |\nnot a row\n\nparagraph line\n| - |\n',
  '```js\nconst long = "a line of code that is quite long";\n\tindented\n```\n\n    indented code\n    more\n',
  '[ref] before its definition, [other][ref], ![img](/a.png "t")\n\n[ref]: /url "title"\n',
  '---\ntitle: x\n---\n\nText with $math$ and $$\ndisplay\n$$\n<div>html *not*</div>\n\n<span>inline</span> &amp; &#64; \\* escaped',
  'CRLF line\r\nnext line\rold mac\nnul \0 char, astral 😀 chars, é accents',
  '* a\n\n  b\n* c\n\n\n- d\n  > e\n  f\n',
  'Footnote[^1] and https://example.com/path?q=1 and www.x.org.\n\n[^1]: The note\n    with a lazy line\n',
];

test('should give the same events with one-character string chunks (no runs to take)', () => {
  for (const source of cases) assert.equal(eventsOf(source), eventsOf(source, { splitChunks: true }), JSON.stringify(source));
});

test('should give the same events in one pass as in a pass per level of content', () => {
  for (const source of cases) assert.equal(eventsOf(source), eventsOf(source, { passes: 'per level' }), JSON.stringify(source));
});

test('should place every token where its offset is', () => {
  for (const source of cases) {
    const places = placesOf(source);
    for (const event of eventsOf(source)) {
      const [, , range] = event.split(' ');
      for (const point of range!.split('-')) {
        const [line, column, offset] = point.split(':').map(Number);
        assert.equal({ line, column }, places[offset!], `${event} in ${JSON.stringify(source)}`);
      }
    }
  }
});

test('should keep task list items, late definitions and spread lists', () => {
  const tree = unified().use(remarkParse).use(remarkGfm).parse('- [ ] open\n- [x] done\n\n[a] b\n\n[a]: /u\n') as unknown as {
    children: Array<{ type: string; spread?: boolean; children: Array<{ checked?: boolean | null; type: string; url?: string; children?: unknown[] }> }>;
  };
  assert.equal(
    tree.children[0]!.children.map((item) => item.checked),
    [false, true],
  );
  assert.is(tree.children[0]!.spread, false);
  const reference = tree.children[1]!.children[0]!;
  assert.is(reference.type, 'linkReference');
  assert.is(tree.children[2]!.type, 'definition');
});

test('should give the same events on random documents, either way', () => {
  const pieces = [
    'w', 'www.', 'http', '://', '.', '@', 'a', 'bc', 'foo bar', ' ', '   ', '\n', '\n\n', '\t', '\r\n', '> ', '- ', '* ', '1. ', '- [ ] ', '[x]', '|', '| a | b |\n| - | - |\n',
    '[', ']', '(', ')', '![', '*', '**', '_', '~~', '`', '``', '```\n', '~~~js\n', '    code', '&amp;', '\\', '<', '>', '<div>', '<!-- c -->', '#', '## ', '===', '---', '$', '$$\n',
    '[a]: /b', '[a]', '[^1]', '[^1]: n', 'é', '😀', '\0',
  ];
  let state = 11;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let index = 0; index < 1500; index++) {
    let source = '';
    const length = 1 + Math.floor(random() * 30);
    for (let piece = 0; piece < length; piece++) source += pieces[Math.floor(random() * pieces.length)];
    const events = eventsOf(source);
    assert.equal(events, eventsOf(source, { splitChunks: true }), JSON.stringify(source));
    assert.equal(events, eventsOf(source, { passes: 'per level' }), JSON.stringify(source));
  }
});

type SummaryNode = { type: string; value?: unknown; children?: SummaryNode[]; position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } } };

/** A tree as `type"value"(children…)`, positions left out. */
function summaryOf(node: SummaryNode): string {
  return node.type + (typeof node.value === 'string' ? JSON.stringify(node.value) : '') + (node.children ? `(${node.children.map(summaryOf).join(' ')})` : '');
}

// Trees upstream micromark and mdast-util-from-markdown give (CommonMark, GFM, MDX), on the
// places the skipped attempts are about: blank lines, list items that start blank, lazy lines,
// block quotes and lists that start or interrupt, footnote definitions, indented code (not in
// MDX), tabs and nul characters that split string chunks.
const skippedAttemptCases: Array<[file: string, source: string, tree: string]> = [
  ['a.md', 'a\n\nb\n  \nc', 'root(paragraph(text"a") paragraph(text"b") paragraph(text"c"))'],
  ['a.md', 'a\n   \n    code\n \nb', 'root(paragraph(text"a") code"code" paragraph(text"b"))'],
  ['a.md', '-\n  foo\n- bar\n\n  baz\nlazy', 'root(list(listItem(paragraph(text"foo")) listItem(paragraph(text"bar") paragraph(text"baz\\nlazy"))))'],
  ['a.md', '- \n\n  not in the item', 'root(list(listItem()) paragraph(text"not in the item"))'],
  [
    'a.md',
    '> quote\nlazy\n> > nested\n\ntext\n> interrupts',
    'root(blockquote(paragraph(text"quote\\nlazy") blockquote(paragraph(text"nested"))) paragraph(text"text") blockquote(paragraph(text"interrupts")))',
  ],
  [
    'a.md',
    '1. one\n2) two\n* three\n[^1]: note\n\nsee[^1]',
    'root(list(listItem(paragraph(text"one"))) list(listItem(paragraph(text"two"))) list(listItem(paragraph(text"three"))) footnoteDefinition(paragraph(text"note")) paragraph(text"see" footnoteReference))',
  ],
  ['a.md', 'text\n-\n\n    code\n\tcode after a tab', 'root(heading(text"text") code"code\\ncode after a tab")'],
  [
    'a.mdx',
    '<Note>\n    indented, not code\n\n  - item\n</Note>\n\n    also not code',
    'root(mdxJsxFlowElement(paragraph(text"indented, not code") list(listItem(paragraph(text"item")))) paragraph(text"also not code"))',
  ],
  ['a.md', 'tab\tseparated | text\n\nnul\0char', 'root(paragraph(text"tab\\tseparated | text") paragraph(text"nul\uFFFDchar"))'],
];

test('should give the trees upstream gives where attempts that cannot match are skipped', async () => {
  const compiler = createPageCompiler({ root: '/tmp', code: { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true }, knownComponents: [] });
  for (const [file, source, expected] of skippedAttemptCases) {
    const tree = (await compiler.parsePage({ file, source })) as unknown as SummaryNode;
    assert.is(summaryOf(tree), expected, JSON.stringify(source));
    // Every node is placed where its offset is (one-chunk slices and skipped attempts move no point).
    const places = placesOf(source);
    const walk = (node: SummaryNode) => {
      for (const point of node.position ? [node.position.start, node.position.end] : []) {
        assert.equal({ line: point.line, column: point.column }, places[point.offset!], `${node.type} in ${JSON.stringify(source)}`);
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  }
});

test.run();
