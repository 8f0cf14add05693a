import { contrast, luminance, toHex, type Rgb } from '@docsgen/util/colour';

/**
 * The colours a layout draws with, all opaque `#rrggbb`.
 */
export interface CardPalette {
  /** Card background. */
  background: string;
  /** Accent fill: bar, band, rule. */
  accent: string;
  /** Title text: near-black on light backgrounds, near-white on dark ones. */
  text: string;
  /** Description and secondary text. */
  muted: string;
  /** Hairlines and the outline of characters the font cannot draw. */
  faint: string;
  /** Accent as text on the background (the accent, or nearer `text` when too faint to read). */
  accentText: string;
  /** Text on an accent fill. */
  onAccent: string;
}

const nearBlack: Rgb = { r: 17, g: 24, b: 39 };
const nearWhite: Rgb = { r: 249, g: 250, b: 251 };

/**
 * Work out the palette of a card from its background and accent, so text stays readable on any
 * colours the project chooses. Colours with an alpha digit pair are laid on white (light) or
 * black (dark) first: a PNG card has no transparency.
 *
 * @param background
 *   Hex colour (`#rgb`, `#rrggbb` or `#rrggbbaa`).
 * @param accent
 *   Hex colour.
 * @param isDark
 *   Whether the card is in dark appearance (decides what an alpha background is laid on).
 */
export function createPalette(background: string, accent: string, isDark: boolean): CardPalette {
  const base = parseHex(background, isDark ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 });
  const fill = parseHex(accent, base);
  const text = luminance(base) > 0.4 ? nearBlack : nearWhite;
  const accentText = contrast(fill, base) >= 3 ? fill : mix(fill, text, 0.6);
  const onAccent = contrast(nearWhite, fill) >= contrast(nearBlack, fill) ? nearWhite : nearBlack;

  return {
    background: toHex(base),
    accent: toHex(fill),
    text: toHex(text),
    muted: toHex(mix(text, base, 0.32)),
    faint: toHex(mix(text, base, 0.8)),
    accentText: toHex(accentText),
    onAccent: toHex(onAccent),
  };
}

/**
 * Parse `#rgb`, `#rrggbb` or `#rrggbbaa`; an alpha pair is composited over `under`.
 */
export function parseHex(hex: string, under: Rgb): Rgb {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('');
  const channel = (at: number) => Number.parseInt(digits.slice(at, at + 2), 16);
  const colour = { r: channel(0), g: channel(2), b: channel(4) };
  if (digits.length !== 8) return colour;
  return mix(colour, under, 1 - channel(6) / 255);
}

/**
 * Mix `a` towards `b`: `amount` 0 is `a`, 1 is `b`.
 */
export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const at = (x: number, y: number) => Math.round(x + (y - x) * amount);
  return { r: at(a.r, b.r), g: at(a.g, b.g), b: at(a.b, b.b) };
}
