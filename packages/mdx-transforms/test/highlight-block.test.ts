import {
  transformerNotationDiff,
  transformerNotationFocus,
  transformerNotationHighlight,
  transformerRemoveNotationEscape,
} from '@shikijs/transformers';
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual as equal } from 'node:util';
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type HighlightRequest, highlightBlock, highlightBlockWithTree } from '../src/highlight-block.js';

const test = suite('highlightBlock');

/** 40 blocks of the shared benchmark corpus (bash, json, python, ts, yaml). */
const corpus = JSON.parse(
  readFileSync(new URL('fixtures/highlight-block/corpus-blocks.json', import.meta.url), 'utf8'),
) as Array<{ lang: string; code: string }>;

const handwritten: Array<{ lang: string; code: string }> = [
  { lang: 'tsx', code: 'export const A = () => <div className="a">{"<&>"}</div>;\n// it\'s `quoted`' },
  { lang: 'html', code: '<a href="x?a=1&b=2">link</a>\n<script>if (a < b && c) {}</script>' },
  { lang: 'css', code: '.a::after { content: "\\201C"; font: italic bold 1em/2 serif }' },
  { lang: 'md', code: '# Title\n\n**bold** _it_ ~~gone~~ [link](https://example.com)' },
  { lang: 'diff', code: '--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new' },
  { lang: 'sql', code: "SELECT a, 'b' FROM t WHERE c <> 1 -- note" },
  { lang: 'rust', code: 'fn main() {\n    let s: &str = "x";\n    println!("{s}");\n}' },
  { lang: 'go', code: 'package main\n\nfunc main() {\n\tfmt.Println(`raw`)\n}' },
  { lang: 'text', code: 'plain <text> & "quotes"\n\n   \n\tindented' },
  { lang: 'ts', code: '' },
  { lang: 'ts', code: '\n\n' },
  { lang: 'python', code: 'x = 1\r\ny = "two"\r\n' },
  { lang: 'bash', code: 'echo "a" \\\n  | tee log   \n\t\n' },
];

// Blocks with markers take the tree path in both; included so the comparison with Shiki covers it.
const withMarkers: Array<{ lang: string; code: string }> = [
  { lang: 'ts', code: 'const a = 1 // [!code ++]\nconst b = 2 // [!CODE --]\nconst c = 3 // [\\!code focus]' },
  { lang: 'python', code: 'a = 1  # [!code highlight]\nb = 2' },
];

const themePairs = [
  { light: 'github-light', dark: 'github-dark' },
  { light: 'one-light', dark: 'dracula' },
  { light: 'min-light', dark: 'monokai' },
];

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

const insertions = ['<', '&', '"', "'", '`', '\t', '  ', ' ', '\n', '\n\n', '\r\n', '&amp;', '</span>', 'é', '😀', '\u0000'];

/** The block, and variants with characters that need escaping or change line splitting. */
function mutate(code: string, random: () => number): string[] {
  const variants = [code];
  for (let round = 0; round < 2; round++) {
    let mutated = code;
    for (let count = 0; count < 4; count++) {
      const at = Math.floor(random() * (mutated.length + 1));
      const insertion = insertions[Math.floor(random() * insertions.length)]!;
      mutated = mutated.slice(0, at) + insertion + mutated.slice(at);
    }
    variants.push(mutated);
  }
  return variants;
}

function randomRequest(code: string, language: string, themes: HighlightRequest['themes'], random: () => number): HighlightRequest {
  const lineCount = code.split('\n').length;
  const pick = () => [...new Set(Array.from({ length: Math.floor(random() * 3) }, () => 1 + Math.floor(random() * lineCount)))];
  return { code, language, themes, highlight: random() < 0.3 ? pick() : [], focus: random() < 0.2 ? pick() : [], lines: random() < 0.5, wrap: random() < 0.3 };
}

/** What `lineOptions` in highlight-block.ts does, written again as the reference. */
function referenceLineOptions(request: HighlightRequest): ShikiTransformer {
  return {
    name: 'reference',
    pre(node) {
      node.properties['data-language'] = request.language;
      if (request.lines) this.addClassToHast(node, 'line-numbers');
      if (request.wrap) this.addClassToHast(node, 'wrap');
      if (request.highlight.length > 0) this.addClassToHast(node, 'has-highlighted');
      if (request.focus.length > 0) this.addClassToHast(node, 'has-focused');
    },
    line(node, line) {
      if (request.highlight.includes(line)) this.addClassToHast(node, 'highlighted');
      if (request.focus.includes(line)) this.addClassToHast(node, 'focused');
    },
  };
}

/** Shiki's own dual-theme output with the same transformers: the ground truth. */
function highlightWithShiki(highlighter: Highlighter, request: HighlightRequest): { html: string; code: string } {
  const root = highlighter.codeToHast(request.code, {
    lang: request.language,
    themes: request.themes,
    defaultColor: false,
    transformers: [
      transformerNotationDiff(),
      transformerNotationHighlight(),
      transformerNotationFocus(),
      transformerRemoveNotationEscape(),
      referenceLineOptions(request),
    ],
  }) as unknown as Root;
  const code = (root.children[0] as Element).children[0] as Element;
  let text = toString(code);
  if (/\[!code (?:\+\+|--|highlight|hl|focus)(?::\d+)?\]/.test(request.code)) text = text.replace(/[ \t]+$/gm, '');
  return { html: toHtml(root), code: text };
}

test('should give the tree path\'s HTML and copy text, and Shiki\'s, for corpus blocks, edge cases and random line options', async () => {
  const samples = [...corpus, ...handwritten, ...withMarkers];
  const languages = [...new Set(samples.map((sample) => sample.lang))].filter((lang) => lang !== 'text');
  const random = createRandom(20240607);
  let compared = 0;

  for (const themes of themePairs) {
    const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: languages });
    for (const sample of samples) {
      for (const code of mutate(sample.code, random)) {
        const request = randomRequest(code, sample.lang, themes, random);
        const label = `${sample.lang} with ${themes.light}/${themes.dark}: ${JSON.stringify(code.slice(0, 60))}`;
        // vscode-textmate stops tokenizing a line after 500 ms (Shiki's default, kept by
        // docsgen), so on a starved machine one of the three can lose a line's tail: a
        // difference has to persist over three tries to count.
        let outputs = [highlightBlock(highlighter, request), highlightBlockWithTree(highlighter, request), highlightWithShiki(highlighter, request)];
        for (let attempt = 1; attempt < 3 && !outputs.every((output) => equal(output, outputs[0]!)); attempt++) {
          outputs = [highlightBlock(highlighter, request), highlightBlockWithTree(highlighter, request), highlightWithShiki(highlighter, request)];
        }
        assert.equal(outputs[0], outputs[1], label);
        assert.equal(outputs[0], outputs[2], label);
        compared++;
      }
    }
    highlighter.dispose();
  }

  assert.is(compared, themePairs.length * (corpus.length + handwritten.length + withMarkers.length) * 3);
});

test('should handle markers written in upper case, as the transformers match them', async () => {
  const highlighter = await createHighlighter({ themes: ['github-light', 'github-dark'], langs: ['ts'] });
  const request: HighlightRequest = {
    code: 'const a = 1 // [!CODE ++]',
    language: 'ts',
    themes: { light: 'github-light', dark: 'github-dark' },
    highlight: [],
    focus: [],
    lines: false,
    wrap: false,
  };
  const { html } = highlightBlock(highlighter, request);
  assert.ok(html.includes('class="line diff add"'), html);
  assert.not.ok(html.includes('[!CODE'), html);
  highlighter.dispose();
});

test.run();
