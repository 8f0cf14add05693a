/**
 * Offsets of the keys and values of a JSON text down to `maxDepth` levels, found in one scan
 * without building a tree: enough to place pages (`/paths/~1users/get`) in a 13 MB spec at
 * the cost of a string walk. Deeper places need the full position tree.
 */
export function indexShallowJson(text: string, maxDepth: number): Map<string, { key: number; value: number }> {
  const places = new Map<string, { key: number; value: number }>();
  // One frame per open container: its pointer, whether it is an array, the next index, the pending key.
  const stack: { pointer: string; isArray: boolean; index: number; key: string | undefined; keyOffset: number }[] = [];
  const length = text.length;
  const record = (valueOffset: number) => {
    const top = stack[stack.length - 1];
    if (!top || stack.length > maxDepth) return undefined;
    const segment = top.isArray ? String(top.index) : top.key;
    if (segment === undefined) return undefined;
    const pointer = top.pointer + '/' + segment.replace(/~/g, '~0').replace(/\//g, '~1');
    places.set(pointer, { key: top.isArray ? valueOffset : top.keyOffset, value: valueOffset });
    return pointer;
  };
  for (let index = 0; index < length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22 /* " */) {
      const start = index;
      let hasEscape = false;
      for (index++; index < length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c /* \ */) {
          hasEscape = true;
          index++;
        } else if (inner === 0x22) break;
      }
      const top = stack[stack.length - 1];
      if (top && !top.isArray && top.key === undefined) {
        // A key: the next non-space character is `:`.
        const raw = text.slice(start, index + 1);
        top.key = hasEscape ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        top.keyOffset = start;
      } else if (top) {
        record(start);
      }
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      const pointer = stack.length === 0 ? '' : (record(index) ?? '\0');
      stack.push({ pointer, isArray: char === 0x5b, index: 0, key: undefined, keyOffset: 0 });
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      stack.pop();
    } else if (char === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top) {
        if (top.isArray) top.index++;
        else top.key = undefined;
      }
    } else if (char > 0x20 && char !== 0x3a /* : */) {
      // A number, true, false or null: record its start, then skip to its end.
      record(index);
      while (index + 1 < length && !/[\s,\]}]/.test(text[index + 1] as string)) index++;
    }
  }
  return places;
}
