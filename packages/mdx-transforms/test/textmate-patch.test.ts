import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { INITIAL, type IRawGrammar, Registry, type StateStack } from 'shiki/textmate';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// docsgen patches @shikijs/vscode-textmate (patches/@shikijs__vscode-textmate@10.1.0.patch):
// the references a grammar's dependency walk finds are replayed when the same grammars are
// walked again, `\A`/`\G` variants of a pattern are made when first asked for, rules declare no
// class fields, and each pattern list carries its parts (for `shareScanners`). These tests drive
// vscode-textmate's own registry, whose loading of grammars rests on that walk alone (Shiki
// registers its grammars itself), and check tokens written out by hand from TextMate's rules.
const test = suite('vscode-textmate patch');

const onig = await createOnigurumaEngine(import('shiki/wasm'));
const onigLib = {
  createOnigScanner: (patterns: string[]) => onig.createScanner(patterns),
  createOnigString: (text: string) => onig.createString(text),
};

function raw(grammar: object): IRawGrammar {
  return grammar as IRawGrammar;
}

// `source.a` includes `source.b`, whose parentheses include one rule of `source.c`; an
// injection into `source.a` marks `TODO`.
const grammars: Record<string, IRawGrammar> = {
  'source.a': raw({ scopeName: 'source.a', patterns: [{ include: 'source.b' }] }),
  'source.b': raw({
    scopeName: 'source.b',
    patterns: [{ begin: '\\(', end: '\\)', name: 'paren.b', patterns: [{ include: 'source.c#word' }] }],
  }),
  'source.c': raw({ scopeName: 'source.c', patterns: [], repository: { word: { match: '\\w+', name: 'word.c' } } }),
  'source.inj': raw({ scopeName: 'source.inj', injectionSelector: 'L:source.a', patterns: [{ match: 'TODO', name: 'todo.inj' }] }),
};

/** Each token of each line as `text: scopes`. */
function tokenize(grammar: { tokenizeLine(line: string, stack: StateStack | null): { tokens: Array<{ startIndex: number; endIndex: number; scopes: string[] }>; ruleStack: StateStack } }, lines: string[]): string[][] {
  let stack: StateStack = INITIAL;
  return lines.map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((token) => `${line.slice(token.startIndex, token.endIndex)}: ${token.scopes.join(' ')}`);
  });
}

test('should load what a grammar includes, directly or not, and its injections, on every load of the same grammars', () => {
  // The second and third registries walk the same raw grammars: the walk is replayed.
  for (let round = 0; round < 3; round++) {
    const asked: string[] = [];
    const registry = new Registry({
      onigLib,
      loadGrammar: (scopeName) => {
        asked.push(scopeName);
        return grammars[scopeName] ?? null;
      },
      getInjections: (scopeName) => (scopeName === 'source.a' ? ['source.inj'] : undefined),
    });
    const grammar = registry.loadGrammar('source.a');
    assert.ok(grammar, `round ${round}: grammar loaded`);
    assert.equal(asked.sort(), ['source.a', 'source.b', 'source.c', 'source.inj'], `round ${round}: grammars asked for`);
    assert.equal(
      tokenize(grammar, ['TODO (abc) x']),
      [['TODO: source.a todo.inj', ' : source.a', '(: source.a paren.b', 'abc: source.a paren.b word.c', '): source.a paren.b', ' x: source.a']],
      `round ${round}: tokens`,
    );
    registry.dispose();
  }
});

test('should load a grammar that became available since the last walk', () => {
  // First without `source.c`, then with it, then without. The same `source.a` and `source.b` are walked both times.
  for (const hasC of [false, true, false]) {
    const registry = new Registry({
      onigLib,
      loadGrammar: (scopeName) => (scopeName === 'source.c' && !hasC ? null : (grammars[scopeName] ?? null)),
    });
    const grammar = registry.loadGrammar('source.a');
    assert.ok(grammar);
    // Without it, the parentheses' rule has no pattern left and vscode-textmate drops it.
    const expected = hasC ? ['(: source.a paren.b', 'abc: source.a paren.b word.c', '): source.a paren.b'] : ['(abc): source.a'];
    assert.equal(tokenize(grammar, ['(abc)']), [expected], `with source.c: ${hasC}`);
    registry.dispose();
  }
});

test('should resolve `\\A` and `\\G` for the position searched from', () => {
  const grammar = raw({
    scopeName: 'source.anchors',
    patterns: [
      // Only at the very start of the text.
      { match: '\\Afirst', name: 'start.anchors' },
      // A heredoc: its end is a back-reference (`\1`), so its pattern list is rebuilt per
      // delimiter, `\G` anchors with it. The begin takes the end of its line, so `\G` matches at
      // the start of the next one.
      {
        begin: '<<(\\w+)\\n',
        end: '^\\1$',
        name: 'heredoc.anchors',
        patterns: [{ match: '\\Gx', name: 'first-x.heredoc.anchors' }],
      },
      {
        begin: '<',
        end: '>',
        name: 'tag.anchors',
        // Only right after the `<` that began the tag.
        patterns: [
          { match: '\\Gname', name: 'name.tag.anchors' },
          { match: 'name', name: 'other.tag.anchors' },
        ],
      },
    ],
  });
  const registry = new Registry({ onigLib, loadGrammar: (scopeName) => (scopeName === 'source.anchors' ? grammar : null) });
  const loaded = registry.loadGrammar('source.anchors');
  assert.ok(loaded);
  const lines = ['first <name name>', 'first <x name>', '<<EOF', 'x x', 'EOF', '<<END', 'x x', 'EOF', 'END', 'x'];
  assert.equal(tokenize(loaded, lines), [
    ['first: source.anchors start.anchors', ' : source.anchors', '<: source.anchors tag.anchors', 'name: source.anchors tag.anchors name.tag.anchors', ' : source.anchors tag.anchors', 'name: source.anchors tag.anchors other.tag.anchors', '>: source.anchors tag.anchors'],
    ['first : source.anchors', '<: source.anchors tag.anchors', 'x : source.anchors tag.anchors', 'name: source.anchors tag.anchors other.tag.anchors', '>: source.anchors tag.anchors'],
    ['<<EOF: source.anchors heredoc.anchors'],
    ['x: source.anchors heredoc.anchors first-x.heredoc.anchors', ' x: source.anchors heredoc.anchors'],
    ['EOF: source.anchors heredoc.anchors'],
    ['<<END: source.anchors heredoc.anchors'],
    ['x: source.anchors heredoc.anchors first-x.heredoc.anchors', ' x: source.anchors heredoc.anchors'],
    // Not this heredoc's end.
    ['EOF: source.anchors heredoc.anchors'],
    ['END: source.anchors heredoc.anchors'],
    ['x: source.anchors'],
  ]);
  registry.dispose();
});

test('should give each pattern list its parts: the rule\'s own patterns and what each include brought', () => {
  const lists: string[][] = [];
  const recording = {
    createOnigScanner(patterns: string[]) {
      lists.push(patterns);
      return onig.createScanner(patterns);
    },
    createOnigString: (text: string) => onig.createString(text),
  };
  const grammar = raw({
    scopeName: 'source.parts',
    patterns: [{ include: '#block' }],
    repository: {
      block: {
        begin: '\\{',
        end: '\\}',
        name: 'block.parts',
        // Own, an include of a list that includes another list, own.
        patterns: [{ match: 'a', name: 'a.parts' }, { include: '#values' }, { match: 'z', name: 'z.parts' }],
      },
      values: { patterns: [{ match: '1', name: 'one.parts' }, { include: '#more' }] },
      more: { patterns: [{ match: '2', name: 'two.parts' }, { match: '3', name: 'three.parts' }] },
    },
  });
  const registry = new Registry({ onigLib: recording, loadGrammar: (scopeName) => (scopeName === 'source.parts' ? grammar : null) });
  const loaded = registry.loadGrammar('source.parts');
  assert.ok(loaded);
  assert.equal(tokenize(loaded, ['{a12z}']), [['{: source.parts block.parts', 'a: source.parts block.parts a.parts', '1: source.parts block.parts one.parts', '2: source.parts block.parts two.parts', 'z: source.parts block.parts z.parts', '}: source.parts block.parts']]);
  const partsOf = (list: string[]) => (list as unknown as Record<symbol, unknown>)[Symbol.for('vscode-textmate.patternParts')];
  const block = lists.find((list) => list[0] === '\\}');
  assert.ok(block, 'the block\'s list was compiled');
  assert.equal(block.slice(), ['\\}', 'a', '1', '2', '3', 'z']);
  // The end, `a`, the values (`1`, and `more`: `2`, `3`), `z`.
  assert.equal(partsOf(block), [-1, -1, [-1, [-1, -1]], -1]);
  // The root's list: its one include.
  const root = lists.find((list) => list[0] === '\\{');
  assert.ok(root);
  assert.equal(partsOf(root), [-1]);
  registry.dispose();
});

test.run();
