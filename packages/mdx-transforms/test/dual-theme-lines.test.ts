import { createHighlighter, type Highlighter, type LanguageRegistration } from 'shiki';
import { INITIAL, type StateStack } from 'shiki/textmate';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { highlightDualThemeLines, measureLineCache } from '../src/dual-theme-lines.js';
import { renderDualThemeHtml } from '../src/dual-theme-html.js';

const test = suite('highlightDualThemeLines');
const themes = { light: 'github-light', dark: 'github-dark' };

/** The `<pre>` of `highlightBlock`, from this module's lines. */
function render(highlighter: Highlighter, code: string, lang: string): string {
  const lines = highlightDualThemeLines(highlighter, code, { lang, themes });
  return renderDualThemeHtml(lines, { preClasses: [], preAttributes: [], lineClasses: () => undefined });
}

/**
 * Shiki's own HTML for the same options: the ground truth. Without a time limit, as docsgen
 * highlights: Shiki's default (500 ms a line) leaves the rest of a long line plain on a busy machine.
 */
function renderWithShiki(highlighter: Highlighter, code: string, lang: string): string {
  return highlighter.codeToHtml(code, { lang, themes, defaultColor: false, tokenizeTimeLimit: 0 });
}

test('should give a line seen before in the same state the same HTML, and in another state its own', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['python'] });
  const fresh = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['python'] });
  const lines = ['x = 1  # set x', 'def f():', '    return "x = 1"'];
  // The same lines, first as code, then inside a docstring, then as code again.
  const code = [...lines, '"""', ...lines, '"""', ...lines].join('\n');
  const first = highlightDualThemeLines(highlighter, code, { lang: 'python', themes });
  assert.ok(measureLineCache(highlighter, themes).lines > 0, 'lines are cached');
  const again = highlightDualThemeLines(highlighter, code, { lang: 'python', themes });
  assert.equal(again, first, 'from the cache, the same output');
  // Inside the docstring the line is one string token; outside it is code.
  assert.is.not(first.lines[4], first.lines[0]);
  assert.is(first.lines[8], first.lines[0]);
  assert.is(first.lines[9], first.lines[1]);
  assert.is(first.text, code);
  assert.is(render(highlighter, code, 'python'), renderWithShiki(fresh, code, 'python'));
  highlighter.dispose();
  fresh.dispose();
});

// `\G` inside a begin/end rule matches at the start of the next line only when the begin match
// took the end of its line (`beginRuleCapturedEOL`), a field `StateStack.equals` ignores.
const anchored: LanguageRegistration = {
  name: 'anchored',
  scopeName: 'source.anchored',
  patterns: [{ begin: 'start\\n?', end: 'stop', name: 'meta.block.anchored', patterns: [{ match: '\\Gx', name: 'keyword.control.anchored' }] }],
  repository: {},
};

test('should not take a line from a state that only `StateStack.equals` calls the same', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: [anchored] });
  const fresh = await createHighlighter({ themes: [themes.light, themes.dark], langs: [anchored] });
  const atLineEnd = 'start\nx stop';
  const beforeLineEnd = 'start y\nx stop';
  // The premise: after both first lines the states are equal to vscode-textmate, not the same.
  const grammar = highlighter.getLanguage('anchored');
  const stateA = grammar.tokenizeLine('start', INITIAL).ruleStack as StateStack & { beginRuleCapturedEOL: boolean };
  const stateB = grammar.tokenizeLine('start y', INITIAL).ruleStack as StateStack & { beginRuleCapturedEOL: boolean };
  assert.ok(stateA.equals(stateB));
  assert.is.not(stateA.beginRuleCapturedEOL, stateB.beginRuleCapturedEOL);

  const a = render(highlighter, atLineEnd, 'anchored');
  const b = render(highlighter, beforeLineEnd, 'anchored');
  assert.is(a, renderWithShiki(fresh, atLineEnd, 'anchored'));
  assert.is(b, renderWithShiki(fresh, beforeLineEnd, 'anchored'));
  // The same second line, highlighted differently.
  assert.is.not(a.split('\n')[1], b.split('\n')[1]);
  highlighter.dispose();
  fresh.dispose();
});

// A heredoc's end is its begin's delimiter, a back-reference filled in the state's `endRule`:
// two heredocs are the same rule with the same scopes and different ends. (Shiki's shell grammar
// also puts the delimiter in a scope name, so it would not tell this apart.)
const heredoc: LanguageRegistration = {
  name: 'heredoc',
  scopeName: 'source.heredoc',
  patterns: [
    { begin: '<<(\\w+)$', end: '^\\1$', name: 'string.unquoted.heredoc' },
    { match: '\\becho\\b', name: 'support.function.builtin' },
  ],
  repository: {},
};

test('should tell states apart by their back-referenced end, and go on in the state after a hit', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: [heredoc] });
  const fresh = await createHighlighter({ themes: [themes.light, themes.dark], langs: [heredoc] });
  const after = 'echo done';
  const code = ['cat <<EOF', 'EOF', after, 'cat <<END', 'EOF', after, 'END', after].join('\n');
  const first = highlightDualThemeLines(highlighter, code, { lang: 'heredoc', themes });
  // `EOF` closes the first heredoc (the line after it is code) and is text in the second (the
  // same line after it is text too).
  assert.is.not(first.lines[5], first.lines[2]);
  // After `END` (a line met once) the code goes on as code: the same line as after `EOF`.
  assert.is(first.lines[7], first.lines[2]);
  // Again, every line from the cache (the second block starts from a hit on `cat <<EOF`).
  assert.equal(highlightDualThemeLines(highlighter, code, { lang: 'heredoc', themes }), first);
  assert.is(render(highlighter, code, 'heredoc'), renderWithShiki(fresh, code, 'heredoc'));
  highlighter.dispose();
  fresh.dispose();
});

test('should highlight a line too long to cache as Shiki does', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['json'] });
  const fresh = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['json'] });
  // Token ends past 0xffff do not fit the cache's encoding.
  const long = `[${Array.from({ length: 9000 }, (_, index) => `"<${index}>"`).join(',')}]`;
  assert.ok(long.length > 0xffff);
  const code = `${long}\n${long}`;
  assert.is(render(highlighter, code, 'json'), renderWithShiki(fresh, code, 'json'));
  assert.is(measureLineCache(highlighter, themes).lines, 0);
  highlighter.dispose();
  fresh.dispose();
});

test('should read every field of a tokenizer state that vscode-textmate has', async () => {
  // The numbering of states (`StateNumbers`) reads these fields; a vscode-textmate with other
  // fields needs the numbering checked again.
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['python'] });
  const state = highlighter.getLanguage('python').tokenizeLine('"""doc', INITIAL).ruleStack as unknown as Record<string, Record<string, unknown>>;
  assert.equal(Object.keys(state).sort(), ['_anchorPos', '_enterPos', '_stackElementBrand', 'beginRuleCapturedEOL', 'contentNameScopesList', 'depth', 'endRule', 'nameScopesList', 'parent', 'ruleId']);
  assert.equal(Object.keys(state.contentNameScopesList!).sort(), ['parent', 'scopePath', 'tokenAttributes']);
  assert.equal(Object.keys(state.contentNameScopesList!.scopePath as object).sort(), ['parent', 'scopeName']);
  highlighter.dispose();
});

test('should keep the cache within its bound, oldest lines out first', async () => {
  const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: ['json'] });
  const { maxBytes } = measureLineCache(highlighter, themes);
  // Distinct lines until the bound is passed: each costs more than 100 bytes.
  const count = Math.ceil(maxBytes / 100);
  const lines = Array.from({ length: count }, (_, index) => `${index}`);
  const first = highlightDualThemeLines(highlighter, lines.join('\n'), { lang: 'json', themes });
  const { lines: kept, bytes } = measureLineCache(highlighter, themes);
  assert.ok(bytes <= maxBytes, `${bytes} bytes`);
  assert.ok(kept < count && kept > count / 2, `${kept} of ${count} lines kept`);
  // The newest lines are kept, the oldest gone: highlighting again gives the same output.
  assert.equal(highlightDualThemeLines(highlighter, lines.join('\n'), { lang: 'json', themes }), first);
  highlighter.dispose();
});

test.run();
