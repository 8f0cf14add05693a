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
  return write(node, parent, state, info, patternsIn(state, (input + after).slice(0, 2), false, '', input, after));
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
  return { count: all.length, byCharacter, byCharacterInLine, characters, always, needs, present: new Uint8Array(128) };
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
