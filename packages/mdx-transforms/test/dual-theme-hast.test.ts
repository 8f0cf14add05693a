import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from '@shikijs/transformers';
import { toHtml } from 'hast-util-to-html';
import { createHighlighter } from 'shiki';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codeToHastDualTheme } from '../src/dual-theme-hast.js';

const dual = suite('codeToHastDualTheme');

const samples: Array<[string, string]> = [
  ['ts', 'import { a } from "b";\nconst x = `a ${b} c`; // comment\n/** doc */\nexport function f<T>(a: T): T {\n  return a;\n}'],
  ['bash', 'npm install docsgen # [!code ++]\nexport PATH="$HOME/bin:$PATH"\necho "done" | tee log.txt'],
  ['python', 'def greet(name: str) -> str:\n    """Doc."""\n    return f"Hello {name}"  # [!code highlight]'],
  ['json', '{\n  "name": "x",\n  "list": [1, true, null]\n}'],
  ['yaml', 'key: value\nlist:\n  - a # comment\n  - "b"'],
  ['md', '# Title\n\n**bold** _it_ [link](https://example.com)\n\n```js\nconst a = 1;\n```'],
  ['html', '<div class="a">x</div>\n<script>let a = 1; // [!code focus]\n</script>\n<style>.a { color: red }</style>'],
  ['css', '.a:hover > b { color: #fff; margin: 0 auto !important; }'],
];

const themePairs = [
  { light: 'github-light', dark: 'github-dark' },
  { light: 'one-light', dark: 'dracula' },
  { light: 'min-light', dark: 'monokai' },
];

dual('should give byte-identical HTML to Shiki for every language and theme pair, with notation transformers', async () => {
  for (const themes of themePairs) {
    const highlighter = await createHighlighter({ themes: [themes.light, themes.dark], langs: samples.map(([lang]) => lang) });
    for (const [lang, code] of samples) {
      const options = {
        lang,
        themes,
        defaultColor: false as const,
        // Shiki stops a line after 500 ms by default and colours the rest as one token; on a
        // loaded machine the first line of a grammar can take that long. docsgen's tokenizer has
        // no limit (builds must not differ by load), so the reference is made without one too.
        tokenizeTimeLimit: 0,
        transformers: [transformerNotationDiff(), transformerNotationHighlight(), transformerNotationFocus()],
      };
      // Shiki's trees use its own copy of the hast types; the trees are the same.
      const expected = toHtml(highlighter.codeToHast(code, options) as never);
      const actual = toHtml(codeToHastDualTheme(highlighter, code, options) as never);
      assert.is(actual, expected, `${lang} with ${themes.light}/${themes.dark}`);
    }
  }
});

dual.run();
