// docs.json appearance settings as CSS: brand colours, backgrounds, fonts, and the script that
// sets the colour mode before the first paint.
import { barTextOn, contrast, hexToRgb, mix, toHex } from '@docsgen/util/colour';
import { sanitizeSrc } from '../safe-url.js';
import type { LayoutColor, LayoutConfig, LayoutFont } from './types.js';

/** Colour mode on first visit, and whether the reader may change it. */
export interface ResolvedAppearance {
  mode: 'light' | 'dark' | 'system';
  isStrict: boolean;
}

/** `appearance.default` and `appearance.strict`, with docsgen's defaults (`system`, not strict). */
export function resolveAppearance(config: LayoutConfig): ResolvedAppearance {
  const mode = config.appearance?.default;
  return { mode: mode === 'light' || mode === 'dark' ? mode : 'system', isStrict: config.appearance?.strict === true };
}

/** localStorage key of the mode the reader chose with the toggle. */
export const appearanceStorageKey = 'docsgen:appearance';

/**
 * The inline `<head>` script that sets `data-theme` and the `dark` class on `<html>` before
 * the first paint: the reader's stored choice (unless `strict`), else the default, with
 * `system` resolved through `prefers-color-scheme`. Kept tiny: it blocks rendering.
 */
export function modeScript(appearance: ResolvedAppearance): string {
  const stored = appearance.isStrict ? '' : `try{m=localStorage.getItem(${JSON.stringify(appearanceStorageKey)})||m}catch(e){}`;
  return (
    `(function(){var d=document.documentElement,m=${JSON.stringify(appearance.mode)};${stored}` +
    `if(m!=="light"&&m!=="dark")m=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";` +
    `d.setAttribute("data-theme",m);d.classList.toggle("dark",m==="dark")})()`
  );
}

const hexColor = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A hex colour as written, or `undefined` for anything else (values end up in a `<style>`). */
function hex(value: unknown): string | undefined {
  return typeof value === 'string' && hexColor.test(value) ? value : undefined;
}

function perMode(value: LayoutColor | undefined): { light: string | undefined; dark: string | undefined } {
  if (typeof value === 'string') return { light: hex(value), dark: hex(value) };
  return { light: hex(value?.light), dark: hex(value?.dark) };
}

/** A URL for CSS `url("…")`: project paths become root-absolute; quotes, `\` and newlines are dropped. */
export function projectUrl(path: string): string | undefined {
  const safe = sanitizeSrc(path.trim());
  if (!safe || /["'\\\n\r()<>]/.test(safe)) return undefined;
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/|\/)/i.test(safe) ? safe : `/${safe.replace(/^\.\//, '')}`;
}

function cssString(text: string): string {
  return `"${text.replace(/[^\w .,+-]/g, '')}"`;
}

/**
 * The heading and body fonts of `fonts`: its `family` (with its weight, file and format) sets
 * both, and its `heading` or `body`, when given, replaces it for those (ollama's docs set all
 * three, as the platform's reference allows).
 */
export function resolveFonts(config: LayoutConfig): { heading: LayoutFont | undefined; body: LayoutFont | undefined } {
  const fonts = config.fonts;
  if (!fonts) return { heading: undefined, body: undefined };
  const all = 'family' in fonts && typeof fonts.family === 'string' ? { family: fonts.family, weight: fonts.weight, source: fonts.source, format: fonts.format } : undefined;
  return { heading: fonts.heading ?? all, body: fonts.body ?? all };
}

// Families every browser has or finds on the system: never asked of Google Fonts.
const systemFamilies = new Set(
  [
    'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'math', 'emoji', 'fangsong',
    'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded', '-apple-system', 'BlinkMacSystemFont',
    'Arial', 'Helvetica', 'Helvetica Neue', 'Times', 'Times New Roman', 'Georgia', 'Verdana', 'Tahoma', 'Trebuchet MS',
    'Segoe UI', 'Segoe UI Variable', 'Courier', 'Courier New', 'Menlo', 'Monaco', 'Consolas', 'SF Pro', 'SF Pro Text',
    'SF Pro Display', 'SF Mono', 'San Francisco', 'Avenir', 'Avenir Next', 'Futura', 'Gill Sans', 'Optima', 'Palatino',
    'Lucida Grande', 'Calibri', 'Cambria', 'Candara', 'Garamond', 'Impact',
  ].map((family) => family.toLowerCase()),
);

// The weights a Google Fonts family is asked for (with their italics): the stylesheet lists
// them; a reader's browser downloads only the faces a page uses.
const googleWeights = [300, 400, 500, 600, 700, 800];

/**
 * The Google Fonts stylesheet of `fonts`, as the hosted platform loads it: every family
 * without a `source` that is not a system font (`Montserrat`, `Roboto`, `Geist`), at the usual
 * weights and the one set; `undefined` when there is none. The lenient `css` API skips a weight
 * a family lacks (its `css2` API refuses the whole request); a name Google does not know only
 * fails that stylesheet, and the page falls back to the theme's fonts.
 */
export function googleFontsHref(config: LayoutConfig): string | undefined {
  const families = new Map<string, Set<number>>();
  for (const font of Object.values(resolveFonts(config))) {
    const family = typeof font?.family === 'string' ? font.family.trim() : undefined;
    if (!font || !family || font.source || !/^[A-Za-z0-9][A-Za-z0-9 ]*$/.test(family) || systemFamilies.has(family.toLowerCase())) continue;
    const weights = families.get(family) ?? new Set(googleWeights);
    for (const weight of String(font.weight ?? '').match(/\d+/g) ?? []) if (Number(weight) % 100 === 0 && Number(weight) <= 900) weights.add(Number(weight));
    families.set(family, weights);
  }
  if (families.size === 0) return undefined;
  const specs = [...families].map(([family, weights]) => {
    const sorted = [...weights].sort((a, b) => a - b);
    return `${family.replace(/ +/g, '+')}:${[...sorted, ...sorted.map((weight) => `${weight}i`)].join(',')}`;
  });
  return `https://fonts.googleapis.com/css?family=${specs.join('|')}&display=swap`;
}

function fontFace(font: LayoutFont): string {
  const url = font.source ? projectUrl(font.source) : undefined;
  if (!url) return '';
  const format = font.format && /^[a-z0-9-]+$/i.test(font.format) ? ` format("${font.format}")` : '';
  const weight = font.weight === undefined ? '' : `font-weight:${String(font.weight).replace(/[^\d ]/g, '').trim() || 'normal'};`;
  return `@font-face{font-family:${cssString(font.family)};src:url("${url}")${format};${weight}font-display:swap}`;
}

/**
 * The `<style>` with every appearance setting of docs.json: `colors` as `--dg-primary`,
 * `--dg-primary-light`, `--dg-primary-dark` (and the accent of each mode), `colors.background`
 * as `--dg-bg` (and `--dg-background-light`/`--dg-background-dark`, for Tailwind), `colors.anchors` as `--dg-anchor` (a 135-degree gradient for `{from, to}`),
 * `background.color`/`image` on the page canvas, and `fonts` as `@font-face` rules and
 * `--dg-font-heading`/`--dg-font-body`. Empty when nothing is set.
 */
export function appearanceCss(config: LayoutConfig): string {
  const light: string[] = [];
  const dark: string[] = [];
  const both: string[] = [];
  const colors = config.colors ?? {};
  const primary = hex(colors.primary);
  const primaryLight = hex(colors.light) ?? primary;
  const primaryDark = hex(colors.dark) ?? primary;
  const background = perMode(colors.background);
  if (primary) both.push(`--dg-primary:${primary}`, `--dg-on-primary:${readableOn(primary)}`);
  if (primaryLight) both.push(`--dg-primary-light:${primaryLight}`);
  if (primaryDark) both.push(`--dg-primary-dark:${primaryDark}`);
  // The `info` banner is a bar in `colors.dark`, as on the platform: its text.
  if (primaryDark) both.push(`--dg-on-primary-dark-bar:${barTextOn(primaryDark)}`);
  // Text in the brand colour stays readable: darkened (light mode) or lightened (dark mode)
  // until it reaches 5.5:1 against the page, which leaves room for the tinted backgrounds it
  // also sits on (current page, tags) to stay above 4.5:1.
  const lightAccent = primaryDark ?? primary;
  const darkAccent = primaryLight ?? primary;
  if (lightAccent) light.push(`--dg-accent:${legible(lightAccent, background.light ?? '#ffffff', '#000000')}`);
  if (darkAccent) dark.push(`--dg-accent:${legible(darkAccent, background.dark ?? '#0d1117', '#ffffff')}`);
  if (background.light) light.push(`--dg-bg:${background.light}`);
  if (background.dark) dark.push(`--dg-bg:${background.dark}`);
  // Both, in both modes: Tailwind's `bg-background-light`/`bg-background-dark` name them.
  if (background.light) both.push(`--dg-background-light:${background.light}`);
  if (background.dark) both.push(`--dg-background-dark:${background.dark}`);
  // The hosted platform's own variables, as red-green-blue channels, which custom CSS and
  // pages written for it read (`rgb(var(--primary) / 0.1)`: its templates, the MCP docs);
  // its grays are in layout.css.
  if (primary) both.push(`--primary:${channels(primary)}`);
  if (primaryLight) both.push(`--primary-light:${channels(primaryLight)}`);
  if (primaryDark) both.push(`--primary-dark:${channels(primaryDark)}`);
  if (background.light) both.push(`--background-light:${channels(background.light)}`);
  if (background.dark) both.push(`--background-dark:${channels(background.dark)}`);

  const anchors = colors.anchors;
  if (typeof anchors === 'string' && hex(anchors)) both.push(`--dg-anchor:${anchors}`, `--dg-anchor-fg:${readableOn(anchors)}`);
  else if (typeof anchors === 'object' && hex(anchors.from) && hex(anchors.to)) {
    both.push(`--dg-anchor:linear-gradient(135deg,${anchors.from},${anchors.to})`, `--dg-anchor-fg:${readableOn(anchors.from)}`);
  }

  const canvas = perMode(config.background?.color);
  if (canvas.light) light.push(`--dg-canvas:${canvas.light}`);
  if (canvas.dark) dark.push(`--dg-canvas:${canvas.dark}`);
  const image = config.background?.image;
  const images = typeof image === 'string' ? { light: image, dark: image } : image;
  const lightImage = images?.light ? projectUrl(images.light) : undefined;
  const darkImage = images?.dark ? projectUrl(images.dark) : undefined;
  if (lightImage) light.push(`--dg-canvas-image:url("${lightImage}")`);
  if (darkImage) dark.push(`--dg-canvas-image:url("${darkImage}")`);

  const fonts = resolveFonts(config);
  const faces: string[] = [];
  for (const [role, font] of Object.entries(fonts)) {
    if (!font?.family) continue;
    both.push(`--dg-font-${role}:${cssString(font.family)},var(--dg-font-${role}-fallback)`);
    if (typeof font.weight === 'number' || /^\d+$/.test(String(font.weight ?? ''))) both.push(`--dg-font-${role}-weight:${font.weight}`);
    faces.push(fontFace(font));
  }

  const rules: string[] = [...new Set(faces.filter(Boolean))];
  if (both.length + light.length > 0) rules.push(`:root{${[...both, ...light].join(';')}}`);
  if (dark.length > 0) {
    rules.push(`:root[data-theme="dark"]{${dark.join(';')}}`);
    rules.push(`@media (prefers-color-scheme:dark){:root:not([data-theme]){${dark.join(';')}}}`);
  }
  return rules.join('\n');
}

/** A hex colour as the platform's variables hold one: `"22 110 63"`. */
function channels(color: string): string {
  const { r, g, b } = hexToRgb(color);
  return `${r} ${g} ${b}`;
}

/** White or near-black, whichever reads better on `color`. */
function readableOn(color: string): string {
  const rgb = hexToRgb(color);
  return contrast(rgb, { r: 255, g: 255, b: 255 }) >= contrast(rgb, { r: 17, g: 24, b: 39 }) ? '#ffffff' : '#111827';
}

/** `color` mixed towards `toward` in small steps until it reaches 5.5:1 against `background`. */
function legible(color: string, background: string, toward: string): string {
  const start = hexToRgb(color);
  const target = hexToRgb(toward);
  const page = hexToRgb(background);
  for (let step = 0; step <= 20; step++) {
    const mixed = mix(start, target, step / 20);
    if (contrast(mixed, page) >= 5.5) return step === 0 ? color : toHex(mixed);
  }
  return toward;
}
