import { type BundledLanguage, createHighlighter, type RegexEngine } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenizeDualTheme } from '../src/dual-theme-tokens.js';
import { shareScanners } from '../src/highlight-scanners.js';
import { countScannerCompilations, getHighlighter, loadLanguages } from '../src/highlighter.js';

const test = suite('shareScanners');
const themes = { light: 'github-light', dark: 'github-dark' };

// Heredocs end on their own delimiter, a back-reference to the start: vscode-textmate compiles
// the rule's scanner again whenever the delimiter differs from the last one it scanned for.
const heredocs = ['cat <<EOF', 'one', 'EOF', 'cat <<END', 'two', 'END', 'cat <<EOF', 'three', 'EOF'].join('\n');
// Markdown fences end on the fence they opened with, another back-reference.
const fences = ['```js', 'let a = 1', '```', '~~~~js', 'let b = 2', '~~~~', '```js', 'let c = 3', '```'].join('\n');

/** An Oniguruma engine that counts the scanners it compiles. */
async function createCountingEngine(): Promise<RegexEngine & { compiled: number }> {
  const onig = await createOnigurumaEngine(import('shiki/wasm'));
  const counting = {
    compiled: 0,
    createScanner(patterns: (string | RegExp)[]) {
      counting.compiled++;
      return onig.createScanner(patterns);
    },
    createString: (text: string) => onig.createString(text),
  };
  return counting;
}

function tokensOf(highlighter: Awaited<ReturnType<typeof createHighlighter>>, code: string, lang: BundledLanguage) {
  return highlighter.codeToTokens(code, { lang, themes, defaultColor: false }).tokens;
}

test('should compile a back-referenced end once per distinct end, however often it alternates', async () => {
  const counting = await createCountingEngine();
  const shared = await createHighlighter({ themes: Object.values(themes), langs: ['bash', 'markdown', 'js'], engine: shareScanners(counting) });
  const plainEngine = await createCountingEngine();
  const plain = await createHighlighter({ themes: Object.values(themes), langs: ['bash', 'markdown', 'js'], engine: plainEngine });

  for (const [code, lang] of [[heredocs, 'bash'], [fences, 'markdown']] as const) {
    const expected = tokensOf(plain, code, lang);
    const plainFirst = plainEngine.compiled;
    assert.equal(tokensOf(plain, code, lang), expected);
    // What this guards against: without sharing, the same text compiles again.
    assert.ok(plainEngine.compiled > plainFirst, `${lang}: the text should make vscode-textmate recompile`);

    assert.equal(tokensOf(shared, code, lang), expected, `${lang}: first pass, same tokens`);
    const sharedFirst = counting.compiled;
    assert.equal(tokensOf(shared, code, lang), expected, `${lang}: second pass, same tokens`);
    assert.is(counting.compiled, sharedFirst, `${lang}: no scanner compiled again`);
  }

  shared.dispose();
  plain.dispose();
});

test('should compile the scanners of the process highlighter once, and keep its tokens', async () => {
  const highlighter = await getHighlighter();
  await loadLanguages(highlighter, ['bash']);
  const plain = await createHighlighter({ themes: Object.values(themes), langs: ['bash'], engine: createOnigurumaEngine(import('shiki/wasm')) });
  // Through Shiki's tokenizer: `tokenizeDualTheme` would serve the second pass from its cache
  // of lines without asking for a scanner.
  const first = tokensOf(highlighter, heredocs, 'bash');
  const compiled = countScannerCompilations();
  assert.ok(compiled > 0);
  assert.equal(tokensOf(highlighter, heredocs, 'bash'), first);
  assert.is(countScannerCompilations(), compiled);
  assert.equal(first, tokensOf(plain, heredocs, 'bash'));
  // docsgen's single-pass tokens are those of the plain engine.
  const render = (instance: typeof highlighter) =>
    tokenizeDualTheme(instance, heredocs, { lang: 'bash', themes }).lines.map((line) => line.map((token) => `${token.content}{${token.style.style}}`));
  assert.equal(render(highlighter), render(plain));
  plain.dispose();
});

/** A fake engine whose scanners record their patterns and whether they were freed. */
function createFakeEngine() {
  const freed: string[] = [];
  let compiled = 0;
  const engine: RegexEngine = {
    createScanner(patterns) {
      compiled++;
      const name = patterns.join('|');
      let isFreed = false;
      return {
        findNextMatchSync() {
          if (isFreed) throw new Error(`Scanner ${name} used after it was freed`);
          return null;
        },
        dispose() {
          isFreed = true;
          freed.push(name);
        },
      };
    },
    createString: (content) => ({ content }),
  };
  return { engine, freed, compilations: () => compiled };
}

test('should free a scanner only when no rule uses it and it is the oldest of too many unused', () => {
  const fake = createFakeEngine();
  const shared = shareScanners(fake.engine, { idlePatterns: 1 });
  const a1 = shared.createScanner(['a']);
  const a2 = shared.createScanner(['a']);
  assert.is(fake.compilations(), 1);
  // A second dispose of one handle does not release the other's use.
  a1.dispose?.();
  a1.dispose?.();
  assert.equal(fake.freed, []);
  assert.is(a2.findNextMatchSync('x', 0, 0), null);
  a2.dispose?.();
  // `a` is unused now, kept as the one idle scanner; `b` in use; releasing `b` evicts `a`.
  const b = shared.createScanner(['b']);
  assert.equal(fake.freed, []);
  b.dispose?.();
  assert.equal(fake.freed, ['a']);
  assert.is(shared.size, 1);
  // `b`, idle, is taken back without compiling; `a` is compiled again.
  const b2 = shared.createScanner(['b']);
  const a3 = shared.createScanner(['a']);
  assert.is(fake.compilations(), 3);
  assert.is(b2.findNextMatchSync('x', 0, 0), null);
  assert.is(a3.findNextMatchSync('x', 0, 0), null);
  assert.is(shared.compilations, 3);
});

test('should count unused scanners by their patterns', () => {
  const fake = createFakeEngine();
  const shared = shareScanners(fake.engine, { idlePatterns: 3 });
  const small = [shared.createScanner(['a']), shared.createScanner(['b']), shared.createScanner(['c', 'd'])];
  const large = shared.createScanner(['e', 'f', 'g', 'h']);
  for (const handle of small) handle.dispose?.();
  // 4 unused patterns: the oldest, `a`, goes.
  assert.equal(fake.freed, ['a']);
  // More patterns than allowed unused: freed as soon as no rule uses it, after the older ones.
  large.dispose?.();
  assert.equal(fake.freed, ['a', 'b', 'c|d', 'e|f|g|h']);
  assert.is(shared.size, 0);
});

test('should pass on an error of the engine, keeping nothing', () => {
  let calls = 0;
  const failing: RegexEngine = {
    createScanner() {
      calls++;
      throw new Error('Cannot compile');
    },
    createString: (content) => ({ content }),
  };
  const shared = shareScanners(failing);
  assert.throws(() => shared.createScanner(['a']), /Cannot compile/);
  assert.throws(() => shared.createScanner(['a']), /Cannot compile/);
  assert.is(calls, 2);
  assert.is(shared.size, 0);
  assert.is(shared.compilations, 0);
});

test('should keep lists apart that only a separator would join alike', () => {
  const fake = createFakeEngine();
  const shared = shareScanners(fake.engine);
  shared.createScanner(['a|b']);
  shared.createScanner(['a', 'b']);
  shared.createScanner(['a\u0000b']);
  shared.createScanner(['a', 'b']);
  assert.is(fake.compilations(), 3);
});

// Twenty patterns that lists share after their first one or two, as the end patterns of rules
// that nest the same patterns are: ties at one position, captures, a lookbehind, `\\G`.
const body = [
  '\\b(const|let)\\b',
  '([a-z]+)(\\()',
  '"[^"]*"',
  '[0-9]+',
  '(?<=\\.)[a-z]+',
  '\\Gx',
  '\\(',
  '\\)',
  '\\[',
  '\\]',
  '\\{',
  '\\}',
  ',',
  ';',
  '=>',
  '=',
  '\\.',
  '//.*$',
  '\\s+(?=\\))',
  '$',
];
const splitLists = [['\\)', ...body], ['\\]', ...body], ['(?=;)|\\}', ...body], ['\\Gx|y', ...body], ['y', '[0-9]', ...body]];
const splitTexts = ['f(a, [1, 2]) => g.h(x)', 'const a = "b)" ; }', 'xx ) y ]', 'é(ü) // ))', '', 'a.b.c(1)(2) ;'];

/** `engine`, counting the patterns of the scanners it compiles. */
function countingPatterns(engine: RegexEngine): { engine: RegexEngine; patterns: () => number } {
  let patterns = 0;
  return {
    engine: {
      createScanner(list) {
        patterns += list.length;
        return engine.createScanner(list);
      },
      createString: (text) => engine.createString(text),
    },
    patterns: () => patterns,
  };
}

test('should search a list compiled in two parts as the engine searches it whole', async () => {
  const onig = await createOnigurumaEngine(import('shiki/wasm'));
  const counting = countingPatterns(onig);
  const shared = shareScanners(counting.engine);
  const scanners = splitLists.map((list, index) => {
    const before = counting.patterns();
    const scanner = shared.createScanner(list);
    // The first list is compiled whole; the second, whose end the first had, as its first
    // pattern and that end; later ones compile their start only (two patterns for the last).
    assert.is(counting.patterns() - before, [list.length, list.length, 1, 1, 2][index], `list ${index}: patterns compiled`);
    return scanner;
  });
  assert.is(shared.compiledPatterns, counting.patterns());

  for (const [index, list] of splitLists.entries()) {
    const whole = onig.createScanner(list);
    for (const text of splitTexts) {
      // One string searched forwards, as vscode-textmate scans a line (a part's last result
      // reused), then backwards (never reused), then as plain text.
      const string = onig.createString(text);
      const starts = Array.from({ length: text.length + 1 }, (_, start) => start);
      for (const start of [...starts, ...starts.reverse()]) {
        assert.equal(scanners[index]!.findNextMatchSync(string, start, 0), whole.findNextMatchSync(string, start, 0), `list ${index}, ${JSON.stringify(text)} from ${start}`);
      }
      for (const start of starts) assert.equal(scanners[index]!.findNextMatchSync(text, start, 0), whole.findNextMatchSync(text, start, 0));
      string.dispose?.();
    }
    whole.dispose?.();
  }
  for (const scanner of scanners) scanner.dispose?.();
});

// What docsgen's patch of vscode-textmate gives with a rule's list: per pattern of the rule, -1
// for one of the rule's own, or an include's parts, the same way down.
type Parts = Array<-1 | Parts>;
const patternParts = Symbol.for('vscode-textmate.patternParts');
function withParts(list: string[], parts: Parts): string[] {
  return Object.assign(list.slice(), { [patternParts]: parts });
}
/** The parts of an include of `count` patterns of its own. */
function include(count: number): Parts {
  return Array.from({ length: count }, () => -1 as const);
}
// Two includes (`body`, and the last seventeen patterns of it as another) and own patterns
// around them: a rule's end first, a begin between, a match last.
const tail = body.slice(3);
const partLists = [
  withParts(['\\)', ...body, 'q', ...tail], [-1, include(body.length), -1, include(tail.length)]),
  withParts(['\\]', 'z', ...body, ...tail, '\\Gx|y'], [-1, -1, include(body.length), include(tail.length), -1]),
  // An include shorter than a part of its own stays with the patterns around it; one that
  // includes a long list is split.
  withParts(['(?=;)|\\}', ...body, '\\(', ',', ...tail], [-1, [include(body.length), include(2)], include(tail.length)]),
];
const partPatterns = [
  // `\)`, the body, `q`, the tail.
  1 + body.length + 1 + tail.length,
  // `\]` and `z`, then `\Gx|y`.
  3,
  // `(?=;)|\}`, then the short include.
  3,
];

test('should search a list given in parts as the engine searches it whole', async () => {
  const onig = await createOnigurumaEngine(import('shiki/wasm'));
  const counting = countingPatterns(onig);
  const shared = shareScanners(counting.engine);
  const scanners = partLists.map((list, index) => {
    const before = counting.patterns();
    const scanner = shared.createScanner(list);
    assert.is(counting.patterns() - before, partPatterns[index], `list ${index}: patterns compiled`);
    return scanner;
  });

  for (const [index, list] of partLists.entries()) {
    const whole = onig.createScanner(list.slice());
    for (const text of [...splitTexts, 'q y x', '{[(q)]}', ';x']) {
      const string = onig.createString(text);
      const starts = Array.from({ length: text.length + 1 }, (_, start) => start);
      for (const start of [...starts, ...starts.reverse()]) {
        assert.equal(scanners[index]!.findNextMatchSync(string, start, 0), whole.findNextMatchSync(string, start, 0), `list ${index}, ${JSON.stringify(text)} from ${start}`);
      }
      string.dispose?.();
    }
    whole.dispose?.();
  }
  for (const scanner of scanners) scanner.dispose?.();
});

test('should compile a list whole when its parts are not its own', () => {
  // Parts that add up to less, or more, than the list; parts that are not counts.
  for (const parts of [[-1, include(body.length)], [-1, -1, include(body.length), -1], ['x'], [-1, -1, body.length]] as Parts[]) {
    const fake = createFakeEngine();
    shareScanners(fake.engine).createScanner(withParts(['\\)', 'z', ...body], parts)).dispose?.();
    assert.is(fake.compilations(), 1, JSON.stringify(parts));
  }
  // The same list with its parts: two scanners, the rule's own patterns and the include.
  const fake = createFakeEngine();
  shareScanners(fake.engine).createScanner(withParts(['\\)', 'z', ...body], [-1, -1, include(body.length)])).dispose?.();
  assert.is(fake.compilations(), 2);
});

test('should give the tokens of the plain engine with lists compiled in parts', async () => {
  const onig = await createOnigurumaEngine(import('shiki/wasm'));
  const shared = shareScanners(onig);
  const split = await createHighlighter({ themes: Object.values(themes), langs: ['typescript'], engine: shared });
  const plain = await createHighlighter({ themes: Object.values(themes), langs: ['typescript'], engine: createOnigurumaEngine(import('shiki/wasm')) });
  const code = [
    'const total = items.map((item) => [item.price * (1 + tax), { id: item.id }]).reduce((a, [b]) => a + b, 0);',
    'function f<T extends { a: [number, string] }>(value: T): T[] {',
    '  return [value, ...(value.a ? [value] : [])].filter((x) => (x as T).a[0] > 1);',
    '}',
    'const t = `sum: ${values.reduce((a, b) => a + (b ?? 0), 0)} (${[1, 2].join(", ")})`;',
  ].join('\n');
  // No time limit: on a busy machine Shiki's default (500 ms a line) leaves the rest of a line
  // plain, differently in each highlighter.
  const untimed = (highlighter: typeof split) => highlighter.codeToTokens(code, { lang: 'typescript', themes, defaultColor: false, tokenizeTimeLimit: 0 }).tokens;
  assert.equal(untimed(split), untimed(plain));
  // The premise: TypeScript's nested rules make lists that differ in their first pattern only.
  assert.ok(shared.compiledPatterns > 0);
  const wholePatterns = new Set<string>();
  const counting: RegexEngine = {
    createScanner(list) {
      wholePatterns.add(JSON.stringify(list));
      return onig.createScanner(list);
    },
    createString: (text) => onig.createString(text),
  };
  const reference = await createHighlighter({ themes: Object.values(themes), langs: ['typescript'], engine: counting });
  untimed(reference);
  const whole = [...wholePatterns].reduce((sum, list) => sum + (JSON.parse(list) as string[]).length, 0);
  assert.ok(shared.compiledPatterns < whole, `${shared.compiledPatterns} patterns compiled in parts, ${whole} whole`);
  split.dispose();
  plain.dispose();
  reference.dispose();
});

test.run();
