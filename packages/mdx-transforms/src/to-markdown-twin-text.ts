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

/** Per list of unsafe patterns: its distinct characters, each with its patterns. */
const byCharacterCache = new WeakMap<Unsafe[], { count: number; byCharacter: Map<string, Unsafe[]> }>();

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
  let cached = byCharacterCache.get(all);
  // A list changed in place (a pattern added) is grouped again.
  if (cached?.count !== all.length) {
    const byCharacter = new Map<string, Unsafe[]>();
    for (const pattern of all) {
      const list = byCharacter.get(pattern.character);
      if (list) list.push(pattern);
      else byCharacter.set(pattern.character, [pattern]);
    }
    cached = { count: all.length, byCharacter };
    byCharacterCache.set(all, cached);
  }
  const { byCharacter } = cached;

  let present: Set<Unsafe> | undefined;
  for (const [character, patterns] of byCharacter) {
    if (!value.includes(character)) continue;
    present ??= new Set();
    for (const pattern of patterns) present.add(pattern);
  }
  return present ? all.filter((pattern) => present.has(pattern)) : [];
}
