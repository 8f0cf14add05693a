import type { InlineCode } from 'mdast';
import { defaultHandlers, type Handle, type State, type Unsafe } from 'mdast-util-to-markdown';

// mdast-util-to-markdown's `inlineCode` handler tries every `atBreak` unsafe pattern of the
// state on the code (to turn a line ending that would start a block into a space): a dozen
// regular expressions per code span, none of which can match code without a line ending, as
// each starts with one (`[\r\n][\t ]*`, `compilePattern`) unless it has `beforeNode` (then
// `^`). Replacing line endings only makes spaces, so a code span without one never gets one.

const kept = new WeakMap<Unsafe[], { count: number; patterns: Unsafe[] }>();

/**
 * Wrap an mdast-util-to-markdown `inlineCode` handler (the default one, or GFM's, which calls
 * it): code without a line ending is written with only the unsafe patterns that can match it,
 * exactly as with all of them. Usable in any `toMarkdown` call (`handlers: { inlineCode }`).
 */
export function inlineCodeWith(handle: Handle & { peek?: Handle }): Handle & { peek: Handle } {
  const wrapped: Handle = (node: InlineCode, parent, state: State, info) => {
    const value = node.value || '';
    if (value.includes('\n') || value.includes('\r')) return handle(node, parent, state, info);
    const all = state.unsafe;
    let list = kept.get(all);
    // A list changed in place (a pattern added) is looked at again.
    if (list?.count !== all.length) {
      list = { count: all.length, patterns: all.filter((pattern) => pattern.atBreak && pattern.beforeNode) };
      kept.set(all, list);
    }
    state.unsafe = list.patterns;
    try {
      return handle(node, parent, state, info);
    } finally {
      state.unsafe = all;
    }
  };
  // mdast-util-to-markdown asks each phrasing node's next sibling for its first character: with
  // a `peek`, that is the code's opening backtick, without writing the code a second time. The
  // default handler's and GFM's (it escapes `|` inside the code) both start with one.
  return Object.assign(wrapped, { peek: handle.peek ?? (defaultHandlers.inlineCode as Handle & { peek: Handle }).peek });
}
