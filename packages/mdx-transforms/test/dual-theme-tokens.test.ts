import { createHighlighter } from 'shiki';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenizeDualTheme } from '../src/dual-theme-tokens.js';

const test = suite('tokenizeDualTheme');
const themes = { light: 'github-light', dark: 'github-dark' };

test('should share one frozen style between tokens of the same colours', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['ts'] });
  const { lines } = tokenizeDualTheme(highlighter, 'const a = 1\nconst b = 2', { lang: 'ts', themes });
  const [first, second] = lines;
  assert.is(first![0]!.content, 'const');
  assert.is(first![0]!.style, second![0]!.style);
  assert.ok(Object.isFrozen(first![0]!.style));
  assert.ok(Object.isFrozen(first![0]!.style.htmlStyle));
  assert.is(first![0]!.style.style, '--shiki-light:#D73A49;--shiki-dark:#F97583');
  highlighter.dispose();
});

test('should split tokens where Shiki does even when both themes colour them the same', async () => {
  // The quote starts a string: the same colour in both themes, another token type.
  const code = "docsge'n preview";
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['bash'] });
  const { lines } = tokenizeDualTheme(highlighter, code, { lang: 'bash', themes });
  const expected = highlighter.codeToTokens(code, { lang: 'bash', themes, defaultColor: false }).tokens;
  assert.equal(
    lines.map((line) => line.map((token) => token.content)),
    expected.map((line) => line.map((token) => token.content)),
  );
  assert.is(lines[0]!.length, 2);
  assert.is(lines[0]![0]!.style, lines[0]![1]!.style);
  highlighter.dispose();
});

test('should give a plain-text line, even an empty one, one token without style', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: [] });
  const { lines, themeName, rootStyle } = tokenizeDualTheme(highlighter, 'a <b>\n\n  ', { lang: 'text', themes });
  assert.equal(lines.map((line) => line.map((token) => [token.content, token.style.style])), [[['a <b>', '']], [['', '']], [['  ', '']]]);
  assert.is(themeName, 'shiki-themes github-light github-dark');
  assert.is(rootStyle, '--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#fff;--shiki-dark-bg:#24292e');
  highlighter.dispose();
});

// What a line looks like to a reader: each token's text and style, in both themes.
function render(lines: ReturnType<typeof tokenizeDualTheme>['lines']): string[] {
  return lines.map((line) => line.map((token) => `${token.content}{${token.style.style}}`).join(''));
}

test('should give a line seen before in the same state the same tokens, and in another state its own', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['python'] });
  const lines = ['x = 1  # set x', 'def f():', '    return "x = 1"'];
  // The same lines, first as code, then inside a docstring, then as code again.
  const code = [...lines, '"""', ...lines, '"""', ...lines].join('\n');
  const fresh = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['python'] });
  const first = render(tokenizeDualTheme(highlighter, code, { lang: 'python', themes }).lines);
  const again = render(tokenizeDualTheme(highlighter, code, { lang: 'python', themes }).lines);
  assert.equal(again, first, 'from the cache, the same output');
  // Inside the docstring the line is one string token; outside it is code.
  assert.is.not(first[4], first[0]);
  assert.is(first[8], first[0]);
  assert.is(first[9], first[1]);
  // The same as Shiki's own tokens for each line, whitespace merged into the next token as in
  // its HTML.
  const expected = fresh.codeToTokens(code, { lang: 'python', themes, defaultColor: false }).tokens.map((line) => {
    let text = '';
    line.forEach((token, index) => (text += /^\s+$/.test(token.content) && index < line.length - 1 ? token.content : `${token.content}|`));
    return text;
  });
  assert.equal(
    first.map((line) => line.replace(/\{[^}]*\}/g, '|')),
    expected,
  );
  highlighter.dispose();
  fresh.dispose();
});

test.run();
