/** A 1-based place in a text: line and column (columns count UTF-16 code units). */
export interface LinePlace {
  line: number;
  column: number;
}

/**
 * Offsets where lines start: after every `\n`, and after a `\r` not followed by `\n`.
 * Pass `{ crIsLineBreak: false }` to count `\n` only (as YAML parsers do).
 */
export function findLineStarts(text: string, options?: { crIsLineBreak?: boolean | null | undefined } | null): number[] {
  const lineStarts = [0];
  const crIsLineBreak = options?.crIsLineBreak ?? true;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x0a || (crIsLineBreak && char === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) lineStarts.push(index + 1);
  }
  return lineStarts;
}

/**
 * The line and column of `offset`, by binary search over `lineStarts` (sorted, starting
 * with 0): O(log lines) per lookup.
 */
export function placeOfOffset(lineStarts: readonly number[], offset: number): LinePlace {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
}
