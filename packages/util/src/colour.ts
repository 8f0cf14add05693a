/** An opaque colour, channels 0–255 (fractions allowed while mixing). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Relative luminance, WCAG 2 definition (0 for black to 1 for white). */
export function luminance({ r, g, b }: Rgb): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio between two colours, WCAG 2 definition (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `#rrggbb` of a colour, each channel rounded to the nearest whole number. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** The channels of `#rgb` or `#rrggbb` (an alpha digit or pair is ignored). */
export function hexToRgb(color: string): Rgb {
  let digits = color.slice(1);
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  const channel = (at: number) => Number.parseInt(digits.slice(at, at + 2), 16);
  return { r: channel(0), g: channel(2), b: channel(4) };
}

/** `from` mixed towards `to`: `share` 0 is `from`, 1 is `to` (channels not rounded). */
export function mix(from: Rgb, to: Rgb, share: number): Rgb {
  return { r: from.r + (to.r - from.r) * share, g: from.g + (to.g - from.g) * share, b: from.b + (to.b - from.b) * share };
}

/**
 * Text colour for a bar filled with `color`, such as the announcement banner: white, as the
 * hosted platform writes on its brand-coloured bars, unless white reads below 3:1 on it (a
 * yellow or a pale brand colour), then near-black.
 */
export function barTextOn(color: string): string {
  return contrast(hexToRgb(color), { r: 255, g: 255, b: 255 }) >= 3 ? '#ffffff' : '#111827';
}
