// Readable highlighted code: Shiki's themes carry token colours below WCAG AA against their own
// background (github-light's orange #e36209 on white is 3.48:1, github-dark's comments #6a737d
// on #24292e 3.04:1). Each token colour of a highlighted block that reads below 5:1 against
// its block's background (`--shiki-light-bg`, `--shiki-dark-bg`) is moved towards black or
// white, whichever the background is further from, just far enough. Colours that pass stay
// as the theme wrote them, so any theme a project picks keeps its look.
//
// It works on the rendered HTML rather than on the themes so that the highlighter (in
// @docsgen/mdx-transforms) and its cached output stay as they are.
import { contrast, hexToRgb, mix, toHex, type Rgb } from '@docsgen/util/colour';

/**
 * WCAG AA for normal text is 4.5:1; 5:1 leaves room for the faint tint of highlighted and
 * diff lines (`content.css`), on which tokens must still read at 4.5:1.
 */
const minimumContrast = 5;

// One Shiki block: the opening tag with its style; the block runs to the first `</pre>` after it.
const openingTagPattern = /<pre class="shiki\b[^"]*" style="([^"]*)"[^>]*>/y;
const lightBackgroundPattern = /--shiki-light-bg:(#[0-9a-fA-F]{3,6})\b/;
const darkBackgroundPattern = /--shiki-dark-bg:(#[0-9a-fA-F]{3,6})\b/;

// Token colour → the colour written, per background, for every page of the process: a site's
// themes have a few backgrounds and a few dozen token colours, so each pair is worked out once,
// not once per page. Colours are keyed by their digits as a number (`colorKey`): a page has
// thousands of tokens, and reading the key needs no string.
const adjusted = new Map<string, Map<number, string>>();
const maxBackgrounds = 64;
const maxColors = 4096;

/** The colours written on `background`, by token colour key (filled in as they are met). */
function adjustedOn(background: string): Map<number, string> {
  let colors = adjusted.get(background);
  if (!colors) {
    if (adjusted.size >= maxBackgrounds) adjusted.clear();
    adjusted.set(background, (colors = new Map()));
  }
  if (colors.size >= maxColors) colors.clear();
  return colors;
}

/**
 * HTML with the token colours of every highlighted code block raised to 5:1 against the
 * block's background, in both modes.
 *
 * @param html
 *   Rendered page content.
 * @returns
 *   The same HTML, token colours adjusted where they read too faintly.
 */
export function raiseCodeContrast(html: string): string {
  // A page is most of the text a build writes: it is read with `indexOf` and compared in place
  // (no regular expression over the page, no string per token), and copied only where a
  // colour changes. It gives what a global replace of each block (the opening tag, then
  // everything to the first `</pre>`) would give.
  let at = html.indexOf('<pre class="shiki');
  if (at === -1) return html;
  let written = '';
  let copied = 0;
  while (at !== -1) {
    openingTagPattern.lastIndex = at;
    const opening = openingTagPattern.exec(html);
    const end = opening ? html.indexOf('</pre>', at + opening[0].length) : -1;
    if (!opening || end === -1) {
      at = html.indexOf('<pre class="shiki', at + 1);
      continue;
    }
    // The block is read as a slice: the page is a tree of pieces that the first search made
    // flat, and every read of it would go through the tree's root; a slice reads the flat text.
    const raised = raiseBlock(html.slice(at, end + 6), opening[1]!);
    if (raised !== undefined) {
      written += html.slice(copied, at) + raised;
      copied = end + 6;
    }
    at = html.indexOf('<pre class="shiki', end + 6);
  }
  return copied === 0 ? html : written + html.slice(copied);
}

/** One block (`<pre …>` to `</pre>`) with its token colours raised; `undefined` when none changes. */
function raiseBlock(block: string, style: string): string | undefined {
  const light = lightBackgroundPattern.exec(style)?.[1];
  const dark = darkBackgroundPattern.exec(style)?.[1];
  if (light === undefined && dark === undefined) return undefined;
  const lightColors = light === undefined ? undefined : adjustedOn(light);
  const darkColors = dark === undefined ? undefined : adjustedOn(dark);
  let written = '';
  let copied = 0;
  for (let variable = block.indexOf('--shiki-'); variable !== -1; variable = block.indexOf('--shiki-', variable + 1)) {
    // `--shiki-light:#rrggbb` or `--shiki-dark:#rgb`, the colour ending at a word boundary.
    const isLight = block.startsWith('light:#', variable + 8);
    if (!isLight && !block.startsWith('dark:#', variable + 8)) continue;
    const colors = isLight ? lightColors : darkColors;
    if (colors === undefined) continue;
    const hash = variable + (isLight ? 14 : 13);
    const digits = colorDigits(block, hash + 1, block.length);
    if (digits === 0) continue;
    const key = colorKey(block, hash + 1, digits);
    let legible = colors.get(key);
    if (legible === undefined) colors.set(key, (legible = legibleOn(block.slice(hash, hash + 1 + digits), (isLight ? light : dark)!)));
    if (legible.length === digits + 1 && block.startsWith(legible, hash)) continue;
    written += `${block.slice(copied, hash)}${legible}`;
    copied = hash + 1 + digits;
    variable = copied - 1;
  }
  return copied === 0 ? undefined : written + block.slice(copied);
}

/**
 * How many hex digits of a colour start at `from` (6, else 3), followed by a character that
 * ends a word (or the end of the block at `limit`); 0 when neither.
 */
function colorDigits(html: string, from: number, limit: number): number {
  let count = 0;
  while (count < 6 && from + count < limit && isHexDigit(html.charCodeAt(from + count))) count += 1;
  if (count === 6 && !isWordCharacter(html, from + 6, limit)) return 6;
  if (count >= 3 && !isWordCharacter(html, from + 3, limit)) return 3;
  return 0;
}

function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

function isWordCharacter(html: string, at: number, limit: number): boolean {
  if (at >= limit) return false;
  const code = html.charCodeAt(at);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** A colour's digits as one number: each digit as written (case kept: the colour is written back as it was), and their count. */
function colorKey(html: string, from: number, digits: number): number {
  let key = digits;
  for (let index = 0; index < digits; index += 1) key = key * 128 + html.charCodeAt(from + index);
  return key;
}

/**
 * `color` as it is when it reaches the minimum contrast against `background`, else mixed
 * towards black (light backgrounds) or white (dark ones) by the smallest step that does.
 */
export function legibleOn(color: string, background: string): string {
  const start = hexToRgb(color);
  const page = hexToRgb(background);
  if (contrast(start, page) >= minimumContrast) return color;
  const black: Rgb = { r: 0, g: 0, b: 0 };
  const white: Rgb = { r: 255, g: 255, b: 255 };
  const toward = contrast(black, page) >= contrast(white, page) ? black : white;
  let low = 0;
  let high = 1;
  // Contrast grows with the mix: twelve halvings find it within 1/4096. Each candidate is
  // judged as the hex colour it is written as, so rounding cannot take it under the minimum.
  const written = (share: number): string => toHex(mix(start, toward, share));
  for (let step = 0; step < 12; step++) {
    const middle = (low + high) / 2;
    if (contrast(hexToRgb(written(middle)), page) >= minimumContrast) high = middle;
    else low = middle;
  }
  return written(high);
}
