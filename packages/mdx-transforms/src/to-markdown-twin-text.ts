import type { Text } from 'mdast';
import { defaultHandlers, type Handle, type State, type Unsafe } from 'mdast-util-to-markdown';

// A faster `text` handler for mdast-util-to-markdown that writes exactly what the default one
// does. The default escapes with `state.safe`, which tries every unsafe pattern of the state
// (about sixty with GFM and math) on the text: a scope check, a slice and a regular
// expression each. Every pattern's expression contains its `character` literally
// (`compilePattern`), so a pattern whose character is not in the text, nor in the characters
// before and after it that `safe` looks at, cannot match: leaving it out of `state.unsafe`
// for the call changes nothing but the time. What `safe` does with the matches (sorting the
// positions, combining their `before`/`after` flags, the intraword `_` rule, escaping
// backslashes) depends only on the matches, which stay the same.

/**
 * A list of unsafe patterns (one `toMarkdown` call's) grouped by character: `groupOf[code]` is
 * the group of an ASCII character (-1 for none), `patternGroups` each pattern's group (-1 for
 * a character outside ASCII: such patterns are given to every call, as more patterns than can
 * match change nothing), `present` scratch flags, `chosen` the lists given so far, by the
 * groups present (one character code per group).
 */
interface Grouping {
  count: number;
  groupOf: Int16Array;
  groups: number;
  patternGroups: number[];
  present: Uint8Array;
  chosen: Map<string, Unsafe[]>;
}

const groupings = new WeakMap<Unsafe[], Grouping>();

/**
 * mdast-util-to-markdown handler for `text`: the default handler, given only the unsafe
 * patterns whose character occurs in the text or the characters around it. Usable in any
 * `toMarkdown` call (`handlers: { text }`).
 */
export const text: Handle = (node: Text, parent, state: State, info) => {
  const all = state.unsafe;
  const value = (info.before || '') + (node.value || '') + (info.after || '');
  state.unsafe = patternsIn(value, all);
  try {
    return defaultHandlers.text(node, parent, state, info);
  } finally {
    state.unsafe = all;
  }
};

/** The patterns of `all` whose character occurs in `value`, in their order in `all`. */
function patternsIn(value: string, all: Unsafe[]): Unsafe[] {
  let grouping = groupings.get(all);
  // A list changed in place (a pattern added) is grouped again.
  if (grouping?.count !== all.length) {
    grouping = groupPatterns(all);
    groupings.set(all, grouping);
  }
  const { groupOf, present, chosen } = grouping;

  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 128 && groupOf[code]! >= 0) present[groupOf[code]!] = 1;
  }
  let key = '';
  for (let group = 0; group < grouping.groups; group += 1) {
    if (present[group] === 0) continue;
    key += String.fromCharCode(group);
    present[group] = 0;
  }

  let patterns = chosen.get(key);
  if (!patterns) {
    const { patternGroups } = grouping;
    patterns = all.filter((_, index) => patternGroups[index] === -1 || key.includes(String.fromCharCode(patternGroups[index]!)));
    chosen.set(key, patterns);
  }
  return patterns;
}

function groupPatterns(all: Unsafe[]): Grouping {
  const groupOf = new Int16Array(128).fill(-1);
  let groups = 0;
  const patternGroups = all.map((pattern) => {
    const code = pattern.character.length === 1 ? pattern.character.charCodeAt(0) : 128;
    if (code >= 128) return -1;
    if (groupOf[code] === -1) groupOf[code] = groups++;
    return groupOf[code]!;
  });
  return { count: all.length, groupOf, groups, patternGroups, present: new Uint8Array(groups), chosen: new Map() };
}
