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

// One Shiki block: the opening tag with its style, then everything up to its end.
const blockPattern = /<pre class="shiki\b[^"]*" style="([^"]*)"[^>]*>[\s\S]*?<\/pre>/g;
const variablePattern = /--shiki-(light|dark):(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b(?![0-9a-fA-F])/g;
const lightBackgroundPattern = /--shiki-light-bg:(#[0-9a-fA-F]{3,6})\b/;
const darkBackgroundPattern = /--shiki-dark-bg:(#[0-9a-fA-F]{3,6})\b/;

// Token colour → the colour written, per background, for every page of the process: a site's
// themes have a few backgrounds and a few dozen token colours, so each pair is worked out once,
// not once per page.
const adjusted = new Map<string, Map<string, string>>();
const maxBackgrounds = 64;
const maxColors = 4096;

/** The colours written on `background`, by token colour (filled in as they are met). */
function adjustedOn(background: string): Map<string, string> {
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
  if (!html.includes('<pre class="shiki')) return html;
  return html.replace(blockPattern, (block, style: string) => {
    const light = lightBackgroundPattern.exec(style)?.[1];
    const dark = darkBackgroundPattern.exec(style)?.[1];
    if (light === undefined && dark === undefined) return block;
    const lightColors = light === undefined ? undefined : adjustedOn(light);
    const darkColors = dark === undefined ? undefined : adjustedOn(dark);
    // Most tokens read well as they are: the block is copied only where one changes.
    let written = '';
    let copied = 0;
    variablePattern.lastIndex = 0;
    for (let match = variablePattern.exec(block); match; match = variablePattern.exec(block)) {
      const isLight = match[1] === 'light';
      const colors = isLight ? lightColors : darkColors;
      if (colors === undefined) continue;
      const color = match[2]!;
      let legible = colors.get(color);
      if (legible === undefined) colors.set(color, (legible = legibleOn(color, (isLight ? light : dark)!)));
      if (legible === color) continue;
      written += `${block.slice(copied, match.index)}--shiki-${match[1]}:${legible}`;
      copied = match.index + match[0].length;
    }
    return copied === 0 ? block : written + block.slice(copied);
  });
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
