import type { Text } from 'mdast';
import { defaultHandlers, type Handle, type State, type Unsafe } from 'mdast-util-to-markdown';

// A faster `text` handler for mdast-util-to-markdown that writes exactly what the default one
// does. The default escapes with `state.safe`, which tries every unsafe pattern of the state
// (about a hundred with GFM and math) on the text with the characters before and after it: a
// scope check, a slice and a regular expression each. Leaving a pattern out of
// `state.unsafe` for the call changes nothing but the time when no match of it can be
// escaped:
// - `safe` escapes only the text's own characters, so a pattern whose `character` (which its
//   expression contains literally, `compilePattern`) is not in the text has nothing to
//   escape. Matches on the characters around the text matter only to the intraword `_` rule
//   (it looks at its neighbours' matches): a text with a `_` is given the patterns of the
//   characters around it too;
// - a pattern whose expression needs a character that is not there cannot match: `atBreak`
//   needs a line ending before it (followed by blanks), a context of one character or a class
//   of plain characters (`[\r\n]`, `\[`) one of them right before or after it. Contexts
//   `compilePattern` leaves out (`before` with `beforeNode`, `after` with `afterNode`) need
//   nothing;
// - a pattern out of scope (`inConstruct`, `notInConstruct`, checked against `state.stack` as
//   `safe` does) is skipped by `safe`.
// What `safe` does with the matches (sorting the positions, combining their `before`/`after`
// flags, the intraword `_` rule, escaping backslashes) depends only on the matches, which stay
// the same. When no pattern is left and there is no backslash to escape, `safe` returns the
// text as it is: the handler does too, without calling it.

/**
 * What a pattern needs: a line ending before it (`atBreak`; `lead` matches the start of a text
 * whose line ending is before it, when known), or one of `codes` right before or after its
 * character (`character`).
 */
type Need = { side: 'break'; lead: RegExp | undefined } | { side: 'before' | 'after'; codes: number[]; character: number };

/**
 * A list of unsafe patterns (one `toMarkdown` call's), prepared: `byCharacter` the indices of
 * the patterns of each ASCII character, `characters` those characters' codes, `always` the
 * patterns of a character outside ASCII (kept: more patterns than can match change nothing),
 * `needs` what each pattern needs, `present` scratch flags by code (1: around or in the text,
 * 2: a character whose patterns to try, 4: in the text).
 */
interface Prepared {
  count: number;
  byCharacter: (number[] | undefined)[];
  /** `byCharacter` without the patterns that need a line ending (`lineOnly`). */
  byCharacterInLine: (number[] | undefined)[];
  characters: number[];
  always: number[];
  needs: Need[][];
  present: Uint8Array;
  /** Whether `isPlain` can answer for these patterns (all of one ASCII character, none tied to a node). */
  plainable: boolean;
  /** `Scope`s by stack (`state.stack` joined), and the last one used with a copy of its stack. */
  scopes: Map<string, Scope>;
  last: { stack: string[]; scope: Scope } | undefined;
}

/**
 * The patterns of a list in scope for one stack of constructs, by character, for `isPlain`:
 * `kinds` 0 (none), 1 (each needs one of some characters right before or after it: `rules`)
 * or 2 (may match wherever the character is; also `\`, CR and LF, which `isPlain` leaves to
 * `safe`); the characters of the patterns that need a line ending before them (`atBreak`):
 * right after it and blanks (`breakFirst`), or after blanks and digits (`breakDigits`, their
 * `before` is `\d+`); `breakOther`: one of them needs something else before it.
 */
interface Scope {
  kinds: Uint8Array;
  /** A global expression matching a character of `kinds` other than 0. */
  special: RegExp;
  rules: ({ before: Uint8Array | undefined; after: Uint8Array | undefined }[] | undefined)[];
  breakFirst: Uint8Array;
  breakDigits: Uint8Array;
  breakOther: boolean;
}

const prepared = new WeakMap<Unsafe[], Prepared>();
// Lists prepared, by their last pattern, with a copy of the list they were prepared for.
const preparedByLast = new WeakMap<Unsafe, { patterns: Unsafe[]; list: Prepared }>();
// What each pattern needs, kept for the next call with the same pattern objects (patterns do
// not change: `compilePattern` keeps their expression on them too).
const needsOf = new WeakMap<Unsafe, Need[]>();
const none: Unsafe[] = [];

/**
 * mdast-util-to-markdown handler for `text`: the default handler, given only the unsafe
 * patterns that can match the text with the characters around it. Usable in any `toMarkdown`
 * call (`handlers: { text }`).
 */
export const text: Handle & { peek: Handle } = Object.assign(
  (node: Text, parent: Parameters<Handle>[1], state: State, info: Parameters<Handle>[3]): string => {
    const input = node.value || '';
    const before = info.before || '';
    const after = info.after || '';
    if (isPlain(state, input, before, after)) return input;
    // The intraword `_` rule looks at the matches next to a `_`, around the text too.
    const around = input.includes('_');
    return write(node, parent, state, info, patternsIn(state, around ? before + input + after : input, around, before, input, after));
  },
  { peek },
);

/**
 * What mdast-util-to-markdown calls to learn the first character a text will start with (it
 * serialises the next sibling of each phrasing node, with nothing before it, and keeps that).
 * Without a `peek`, it calls the handler: every text after a link or code was escaped twice,
 * once only for its first character. Whether `safe` escapes a text's first character (the
 * only one that can change it) depends on what matches there and at the character after it
 * (a match with an `after` context is not escaped when the next character also matches):
 * the patterns of those two characters give the same first character as all of them.
 */
function peek(node: Text, parent: Parameters<Handle>[1], state: State, info: Parameters<Handle>[3]): string {
  // Characters before the text bring other rules (the intraword `_` rule looks back).
  if (info.before) return text(node, parent, state, info);
  const input = node.value || '';
  const after = info.after || '';
  // Only the first character counts: `safe` changes it only when a pattern matches there or
  // it is a backslash.
  if (isPlainAt(state, input, after)) return input;
  return write(node, parent, state, info, patternsIn(state, (input + after).slice(0, 2), false, '', input, after));
}

/**
 * Whether `safe` writes `input` as it is: no unsafe pattern in scope can match at one of its
 * characters, and there is no backslash in it or after it to escape. A pass over the text with
 * a table of the patterns in scope by character, as `safe` would match them: a pattern that
 * needs one of some characters before or after its own is looked at with the characters next
 * to each occurrence (the text's own, or the last of `before`, the first of `after`); one
 * that needs a line ending before it can only match in the text after one in `before` (a
 * text with its own line ending is left to `safe`), then at the text's first character
 * after blanks (and digits, for `\d+`). Matches on the characters around the text change
 * nothing but the intraword `_` rule, which only applies to a `_` of the text, itself matched.
 * `false` means only `safe` can tell.
 */
function isPlain(state: State, input: string, before: string, after: string): boolean {
  if (input === '' || after.includes('\\')) return false;
  const all = state.unsafe;
  let list = prepared.get(all);
  if (list?.count !== all.length) {
    list = prepare(all);
    prepared.set(all, list);
  }
  if (!list.plainable) return false;
  const scope = scopeOf(list, all, state.stack);
  const { breakFirst, breakDigits, breakOther } = scope;
  const length = input.length;
  // The characters with patterns, found by the expression engine's scan.
  const special = scope.special;
  special.lastIndex = 0;
  while (special.test(input)) {
    if (canMatchAt(scope, input, special.lastIndex - 1, before, after)) return false;
  }
  if (before.includes('\n') || before.includes('\r')) {
    if (breakOther) return false;
    let index = 0;
    while (index < length && (input.charCodeAt(index) === 32 || input.charCodeAt(index) === 9)) index += 1;
    if (index === length) return false;
    const first = input.charCodeAt(index);
    if (first < 128 && breakFirst[first] === 1) return false;
    while (index < length && input.charCodeAt(index) >= 48 && input.charCodeAt(index) <= 57) index += 1;
    const afterDigits = index < length ? input.charCodeAt(index) : 128;
    if (afterDigits < 128 && breakDigits[afterDigits] === 1) return false;
  }
  return true;
}

/** `isPlain` for the first character of `input` only (with nothing before it). */
function isPlainAt(state: State, input: string, after: string): boolean {
  if (input === '') return false;
  const all = state.unsafe;
  const list = prepared.get(all);
  // Prepared by the text before it, or left to `safe`.
  if (list?.count !== all.length || !list.plainable) return false;
  const code = input.charCodeAt(0);
  if (code >= 128) return true;
  const scope = scopeOf(list, all, state.stack);
  return scope.kinds[code] === 0 || !canMatchAt(scope, input, 0, '', after);
}

/** Whether a pattern of `scope` can match at `index` of `input` (the character there has a kind). */
function canMatchAt(scope: Scope, input: string, index: number, before: string, after: string): boolean {
  const code = input.charCodeAt(index);
  if (scope.kinds[code] === 2) return true;
  const previous = index > 0 ? input.charCodeAt(index - 1) : before.length > 0 ? before.charCodeAt(before.length - 1) : 128;
  const next = index + 1 < input.length ? input.charCodeAt(index + 1) : after.length > 0 ? after.charCodeAt(0) : 128;
  for (const rule of scope.rules[code]!) {
    if ((rule.before === undefined || (previous < 128 && rule.before[previous] === 1)) && (rule.after === undefined || (next < 128 && rule.after[next] === 1))) return true;
  }
  return false;
}

/** The `Scope` of `list` for `stack`, made once per stack. */
function scopeOf(list: Prepared, all: Unsafe[], stack: State['stack']): Scope {
  const last = list.last;
  if (last && sameStack(last.stack, stack)) return last.scope;
  const key = stack.join('\0');
  let scope = list.scopes.get(key);
  if (!scope) {
    scope = makeScope(all, stack);
    list.scopes.set(key, scope);
  }
  list.last = { stack: [...stack], scope };
  return scope;
}

function sameStack(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

function makeScope(all: Unsafe[], stack: State['stack']): Scope {
  const scope: Scope = { kinds: new Uint8Array(128), special: /$^/g, rules: [], breakFirst: new Uint8Array(128), breakDigits: new Uint8Array(128), breakOther: false };
  // A backslash is escaped before punctuation; a line ending brings patterns that need one.
  scope.kinds[92] = 2;
  scope.kinds[10] = 2;
  scope.kinds[13] = 2;
  for (const pattern of all) {
    if (!listInScope(stack, pattern.inConstruct, true) || listInScope(stack, pattern.notInConstruct, false)) continue;
    const code = pattern.character.charCodeAt(0);
    if (pattern.atBreak) {
      if (!pattern.before) scope.breakFirst[code] = 1;
      else if (pattern.before === '\\d+') scope.breakDigits[code] = 1;
      else scope.breakOther = true;
      continue;
    }
    const before = pattern.before ? needed(pattern.before) : undefined;
    const after = pattern.after ? needed(pattern.after) : undefined;
    if (before === undefined && after === undefined) {
      scope.kinds[code] = 2;
      continue;
    }
    if (scope.kinds[code] === 2) continue;
    scope.kinds[code] = 1;
    (scope.rules[code] ??= []).push({ before: before && mask(before), after: after && mask(after) });
  }
  let characters = '';
  scope.kinds.forEach((kind, code) => {
    if (kind !== 0) characters += '\\u' + code.toString(16).padStart(4, '0');
  });
  scope.special = new RegExp('[' + characters + ']', 'g');
  return scope;
}

function mask(codes: number[]): Uint8Array {
  const result = new Uint8Array(128);
  for (const code of codes) result[code] = 1;
  return result;
}

/** The default handler with `patterns` as the state's unsafe patterns, or the text itself when nothing can be escaped. */
function write(node: Text, parent: Parameters<Handle>[1], state: State, info: Parameters<Handle>[3], patterns: Unsafe[]): string {
  // `safe` escapes a backslash before punctuation, even when no pattern matches.
  if (patterns.length === 0 && !(node.value || '').includes('\\') && !(info.after || '').includes('\\')) return node.value || '';
  const all = state.unsafe;
  state.unsafe = patterns;
  try {
    return defaultHandlers.text(node, parent, state, info);
  } finally {
    state.unsafe = all;
  }
}

/**
 * The patterns of `state.unsafe` that can match, in their order: in scope, with their
 * character in `characters` and what they need next to it in `before + input + after`: in
 * `input` or at its edges, or, when `around` (matches on `before` and `after` count), anywhere.
 */
function patternsIn(state: State, characters: string, around: boolean, before: string, input: string, after: string): Unsafe[] {
  const all = state.unsafe;
  let list = prepared.get(all);
  // A list changed in place (a pattern added) is prepared again.
  if (list?.count !== all.length) {
    list = prepare(all);
    prepared.set(all, list);
  }
  const { byCharacter, byCharacterInLine, needs, present } = list;
  mark(present, before, 1);
  mark(present, after, 1);
  if (characters === input) {
    mark(present, input, 7);
  } else {
    mark(present, input, 5);
    mark(present, characters, 2);
  }

  // The patterns of a character outside ASCII, then those of each character to try, each
  // kept when what it needs can be met and it is in scope; in their order at the end.
  const edges = { last: before.charCodeAt(before.length - 1), first: after.charCodeAt(0) };
  const stack = state.stack;
  // Without a line ending in or around the text, a pattern that needs one cannot match.
  const lines = (present[10]! | present[13]!) !== 0;
  let kept: number[] | undefined;
  for (const index of list.always) {
    if (canMatch(all[index]!, needs[index]!, stack, present, around, before, input, edges)) (kept ??= []).push(index);
  }
  for (const code of list.characters) {
    if (!(present[code]! & 2)) continue;
    for (const index of (lines ? byCharacter : byCharacterInLine)[code]!) {
      if (canMatch(all[index]!, needs[index]!, stack, present, around, before, input, edges)) (kept ??= []).push(index);
    }
  }
  const patterns = kept === undefined ? none : kept.sort((a, b) => a - b).map((index) => all[index]!);
  present.fill(0);
  return patterns;
}

/**
 * Whether `pattern` can match: each of its `needs` can be met for a match of its character in
 * the text (in the text, or at its edges: the character first or last, the one it needs just
 * before or after the text), and it is in scope (as `safe` checks it).
 */
function canMatch(
  pattern: Unsafe,
  needs: Need[],
  stack: State['stack'],
  present: Uint8Array,
  around: boolean,
  before: string,
  input: string,
  edges: { last: number; first: number },
): boolean {
  const flag = around ? 1 : 4;
  for (const need of needs) {
    if (need.side === 'break') {
      if ((present[10]! | present[13]!) & flag) continue;
      if (/[\r\n]/.test(before) && (need.lead === undefined || need.lead.test(input))) continue;
      return false;
    }
    let met = false;
    for (const code of need.codes) {
      if (present[code]! & flag) {
        met = true;
        break;
      }
    }
    if (met) continue;
    if (need.side === 'before' ? need.codes.includes(edges.last) && input.charCodeAt(0) === need.character : need.codes.includes(edges.first) && input.charCodeAt(input.length - 1) === need.character) continue;
    return false;
  }
  return listInScope(stack, pattern.inConstruct, true) && !listInScope(stack, pattern.notInConstruct, false);
}

/** Set `flag` for each ASCII character of `value`. */
function mark(present: Uint8Array, value: string, flag: number): undefined {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 128) present[code] = present[code]! | flag;
  }
  return undefined;
}

/** As mdast-util-to-markdown's `listInScope`: whether a construct of `list` is on the stack (`none` for no list). */
function listInScope(stack: State['stack'], list: Unsafe['inConstruct'], none: boolean): boolean {
  if (typeof list === 'string') return stack.includes(list);
  if (!list || list.length === 0) return none;
  for (const name of list) if (stack.includes(name)) return true;
  return false;
}

/** `all` prepared, or a list of the same patterns prepared before (each `toMarkdown` call makes a new list). */
function prepare(all: Unsafe[]): Prepared {
  const last = all.at(-1);
  const known = last && preparedByLast.get(last);
  if (known && known.patterns.length === all.length && known.patterns.every((pattern, index) => pattern === all[index])) return known.list;
  const list = prepareNew(all);
  if (last) preparedByLast.set(last, { patterns: [...all], list });
  return list;
}

function prepareNew(all: Unsafe[]): Prepared {
  const byCharacter: (number[] | undefined)[] = [];
  const always: number[] = [];
  all.forEach((pattern, index) => {
    const code = pattern.character.length === 1 ? pattern.character.charCodeAt(0) : 128;
    if (code >= 128) always.push(index);
    else (byCharacter[code] ??= []).push(index);
  });
  const needs = all.map((pattern) => {
    let found = needsOf.get(pattern);
    if (found) return found;
    found = [];
    needsOf.set(pattern, found);
    // As `compilePattern`: `beforeNode` replaces the context before, `afterNode` the one after.
    const character = pattern.character.charCodeAt(0);
    if (!pattern.beforeNode) {
      if (pattern.atBreak) found.push({ side: 'break', lead: lead(pattern) });
      const codes = pattern.before ? needed(pattern.before) : undefined;
      if (codes) found.push({ side: 'before', codes, character });
    }
    if (!pattern.afterNode) {
      const codes = pattern.after ? needed(pattern.after) : undefined;
      if (codes) found.push({ side: 'after', codes, character });
    }
    return found;
  });
  const characters = byCharacter.flatMap((indices, code) => (indices ? [code] : []));
  const byCharacterInLine = byCharacter.map((indices) => indices?.filter((index) => !needs[index]!.some(lineOnly)));
  const plainable = always.length === 0 && all.every((pattern) => !pattern.beforeNode && !pattern.afterNode);
  return { count: all.length, byCharacter, byCharacterInLine, characters, always, needs, present: new Uint8Array(128), plainable, scopes: new Map(), last: undefined };
}

/**
 * Whether a need can only be met with a line ending in or around the text (a `\n` or `\r`
 * before, in or after it): a line ending before the character (`atBreak`), or only line
 * endings right before or after it.
 */
function lineOnly(need: Need): boolean {
  return need.side === 'break' || need.codes.every((code) => code === 10 || code === 13);
}

/**
 * For a pattern `atBreak` (`[\r\n][\t ]*` and its `before`, then its character), what the
 * start of a text must be for a match whose line ending is before the text: blanks (the rest
 * of them), then the character; digits may come before it when `before` is `\d+`. `undefined`
 * for another `before`.
 */
function lead(pattern: Unsafe): RegExp | undefined {
  const character = pattern.character.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&');
  if (!pattern.before) return new RegExp('^[\\t ]*' + character);
  if (pattern.before === '\\d+') return new RegExp('^[\\t ]*\\d*' + character);
  return undefined;
}

const escapes: Record<string, string> = { r: '\r', n: '\n', t: '\t' };

/**
 * The ASCII codes of which a regular expression source needs one to match, when it is one
 * (escaped) character or a class of plain (escaped) characters, possibly in `(?:…)`;
 * `undefined` (needs nothing known) for anything else (`\d+`, `\w`, ranges, alternatives, `$`).
 */
function needed(source: string): number[] | undefined {
  const group = /^\(\?:(.*)\)$/s.exec(source);
  if (group) return needed(group[1]!);
  const isClass = source.length > 2 && source.startsWith('[') && source.endsWith(']');
  const members = isClass ? source.slice(1, -1) : source;
  if (isClass && members.startsWith('^')) return undefined;
  const codes: number[] = [];
  for (let index = 0; index < members.length; index += 1) {
    let character = members[index]!;
    if (character === '\\') {
      index += 1;
      const next = members[index];
      // `\d`, `\w`, `\u…` and other escapes of a letter or digit are not one character.
      if (next === undefined || (!(next in escapes) && /[A-Za-z0-9]/.test(next))) return undefined;
      character = escapes[next] ?? next;
    } else if (isClass ? character === '[' || character === ']' || (character === '-' && index > 0 && index < members.length - 1) : /[[\](){}|$^*+?.]/.test(character)) {
      // A range, or what is not a plain character.
      return undefined;
    }
    const code = character.charCodeAt(0);
    if (code >= 128) return undefined;
    codes.push(code);
  }
  // Outside a class, more than one character is a sequence, not one of a set.
  if (codes.length === 0 || (!isClass && codes.length !== 1)) return undefined;
  return codes;
}
