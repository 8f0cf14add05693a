import type { CodePoints } from './fonts.js';

/**
 * A line of card text ready for layout.
 */
export interface CardText {
  /** Whitespace collapsed, cut to the limit with `…` when longer. */
  text: string;
  /** Graphemes (user-perceived characters) the card font has no glyph for, each once. */
  missing: string[];
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// Code points that never need a glyph of their own: joiners, variation selectors, tag characters
// of flag sequences, and spaces (collapsed to U+0020 before this runs).
function isIgnorable(point: number): boolean {
  return (
    point === 0x20 ||
    point === 0x200c ||
    point === 0x200d ||
    (point >= 0xfe00 && point <= 0xfe0f) ||
    (point >= 0xe0020 && point <= 0xe007f)
  );
}

/**
 * Prepare text for a card: collapse whitespace, cut it to `maxGraphemes`, and list the
 * characters the font cannot draw.
 *
 * The cut keeps whole graphemes (an emoji sequence or a letter with its accents is never split),
 * ends on a word boundary when one is near, and adds `…`. Layout clamps to a number of lines on
 * top of this; the cut only bounds the work for very long input (a 300-character title).
 *
 * @param value
 *   Title, description or tab name.
 * @param maxGraphemes
 *   Longest text kept, in graphemes, including the `…`.
 * @param codePoints
 *   Code points the card font can draw.
 */
export function prepareCardText(value: string, maxGraphemes: number, codePoints: CodePoints): CardText {
  // Control characters and bidirectional formatting marks have no glyph and no use on a card
  // (satori lays text out left to right); whitespace becomes single spaces.
  const collapsed = value
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Most text is short and drawable: no cut (a grapheme is at least one UTF-16 unit) and nothing
  // to list, so no grapheme segmentation.
  if (collapsed.length <= maxGraphemes && isDrawable(collapsed, codePoints)) return { text: collapsed, missing: [] };
  let graphemes = Array.from(segmenter.segment(collapsed), (part) => part.segment);

  if (graphemes.length > maxGraphemes) {
    graphemes = graphemes.slice(0, maxGraphemes - 1);
    const space = graphemes.lastIndexOf(' ');
    if (space > maxGraphemes * 0.7) graphemes = graphemes.slice(0, space);
    while (graphemes.length > 0 && /^[\s.,;:!?\-–—]$/.test(graphemes[graphemes.length - 1] ?? '')) graphemes.pop();
    graphemes.push('…');
  }

  const missing = new Set<string>();
  for (const grapheme of graphemes) {
    for (const char of grapheme) {
      const point = char.codePointAt(0) ?? 0;
      if (!isIgnorable(point) && !codePoints.has(point)) {
        missing.add(grapheme);
        break;
      }
    }
  }

  return { text: graphemes.join(''), missing: [...missing] };
}

function isDrawable(text: string, codePoints: CodePoints): boolean {
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (!isIgnorable(point) && !codePoints.has(point)) return false;
  }
  return true;
}
