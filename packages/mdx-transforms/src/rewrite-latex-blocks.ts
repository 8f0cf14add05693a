// `<latex>` is rewritten on the source string, before MDX parsing, because inside MDX the
// `{` and `}` of TeX (`\frac{a}{b}`) would be read as JavaScript expressions
// (SPEC "Build-time content transforms", step 1).

const openTag = /<(?:latex|Latex)[ \t]*>/g;
const closeTag = /<\/(?:latex|Latex)[ \t]*>/g;
const fenceOpen = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})(.*)$/;
const fenceClose = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})[ \t]*$/;
const linePrefix = /^[ \t>]*$/;
const lineSuffix = /^[ \t]*\r?$/;

/** Half-open `[start, end)` offset range of `source` that is code. */
type Range = [start: number, end: number];

/**
 * Rewrite `<latex>…</latex>` (also `<Latex>`) into `$$…$$` math.
 *
 * A tag that starts its line becomes block math: the lines holding `<latex>` and `</latex>`
 * become the `$$` fences, so the line count does not change when the tags have lines of
 * their own (one-line `<latex>x</latex>` gains two lines, as block math needs them; text
 * after `</latex>` moves to the next line). A tag after other text on its line becomes
 * inline `$$…$$` math in that line. Tags in fenced code blocks
 * and in inline code are left alone, as is an opening tag without a closing one (MDX reports
 * that one itself).
 *
 * @param source
 *   Page source (MDX or Markdown).
 * @returns
 *   The source with `<latex>` rewritten; the same string when there is none.
 */
export function rewriteLatexBlocks(source: string): string {
  if (typeof source !== 'string') {
    throw new TypeError(
      `Cannot rewrite latex blocks: \`source\` is \`${String(source)}\`, expected a string`,
    );
  }

  openTag.lastIndex = 0;
  if (!openTag.test(source)) return source;

  const code = findCodeRanges(source);
  const isCode = (offset: number): boolean =>
    code.some(([start, end]) => offset >= start && offset < end);
  let result = '';
  let done = 0;
  openTag.lastIndex = 0;

  for (let open = openTag.exec(source); open; open = openTag.exec(source)) {
    if (isCode(open.index)) continue;
    const contentStart = open.index + open[0].length;
    closeTag.lastIndex = contentStart;
    let close = closeTag.exec(source);
    while (close && isCode(close.index)) close = closeTag.exec(source);
    if (!close) break;

    // `<latex>` … `<latex>` … `</latex>`: the first one is unclosed, the closing tag belongs
    // to the second.
    const nested = source.slice(contentStart, close.index).search(/<(?:latex|Latex)[ \t]*>/);
    if (nested !== -1 && !isCode(contentStart + nested)) {
      openTag.lastIndex = contentStart + nested;
      continue;
    }

    const closeEnd = close.index + close[0].length;
    const lineStart = source.lastIndexOf('\n', open.index - 1) + 1;
    const lineEndIndex = source.indexOf('\n', closeEnd);
    const lineEnd = lineEndIndex === -1 ? source.length : lineEndIndex;
    const prefix = source.slice(lineStart, open.index);
    const content = source.slice(contentStart, close.index);
    const suffix = source.slice(closeEnd, lineEnd);
    result += source.slice(done, open.index);
    done = closeEnd;

    // `$$` at the start of a line always opens block math, so a tag that starts its line is a
    // block; text after `</latex>` then moves to a line of its own.
    if (linePrefix.test(prefix)) {
      result += toBlockMath(content, prefix);
      if (!lineSuffix.test(suffix)) {
        result += (content.includes('\r\n') ? '\r\n' : '\n') + prefix;
        done += suffix.length - suffix.trimStart().length;
      }
    } else {
      result += '$$' + content + '$$';
    }

    openTag.lastIndex = closeEnd;
  }

  return result + source.slice(done);
}

/**
 * Build block math from the text between the tags; `prefix` is what precedes `<latex>` on
 * its line (indentation, blockquote markers) and is repeated on generated lines.
 */
function toBlockMath(content: string, prefix: string): string {
  const eol = content.includes('\r\n') ? '\r\n' : '\n';
  const lines = content.split(/\r?\n/);
  const head = lines[0]!;
  let result = '$$';

  if (head.trim() !== '') result += eol + prefix + head.trim();

  for (const line of lines.slice(1, -1)) result += eol + line;

  if (lines.length > 1) {
    const tail = lines[lines.length - 1]!;
    result += linePrefix.test(tail) ? eol + tail + '$$' : eol + tail + eol + prefix + '$$';
  } else {
    result += eol + prefix + '$$';
  }

  return result;
}

/** Offsets of fenced code blocks and of inline code spans (within one line). */
function findCodeRanges(source: string): Range[] {
  const ranges: Range[] = [];
  let fence: { marker: string; size: number; start: number } | undefined;
  let offset = 0;

  for (const line of source.split('\n')) {
    const end = offset + line.length + 1;
    const body = line.endsWith('\r') ? line.slice(0, -1) : line;

    if (fence) {
      const close = fenceClose.exec(body);
      if (close && close[1]![0] === fence.marker && close[1]!.length >= fence.size) {
        ranges.push([fence.start, end]);
        fence = undefined;
      }
    } else {
      const open = fenceOpen.exec(body);
      // A backtick fence cannot have a backtick in its info string (CommonMark 4.5).
      if (open && !(open[1]![0] === '`' && open[2]!.includes('`'))) {
        fence = { marker: open[1]![0]!, size: open[1]!.length, start: offset };
      } else {
        ranges.push(...findInlineCode(body, offset));
      }
    }

    offset = end;
  }

  // An unclosed fence runs to the end of the document.
  if (fence) ranges.push([fence.start, source.length]);
  return ranges;
}

function findInlineCode(line: string, offset: number): Range[] {
  const ranges: Range[] = [];
  const runs = [...line.matchAll(/`+/g)];

  for (let index = 0; index < runs.length; index++) {
    const open = runs[index]!;
    const closeIndex = runs.findIndex(
      (run, other) => other > index && run[0].length === open[0].length,
    );
    if (closeIndex === -1) continue;
    const close = runs[closeIndex]!;
    ranges.push([offset + open.index!, offset + close.index! + close[0].length]);
    index = closeIndex;
  }

  return ranges;
}
