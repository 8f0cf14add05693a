import { getCardTheme, isCardThemeName, type CardLayoutName, type CardThemeName } from './themes.js';

/**
 * Colour mode of a card: picks the theme's light or dark surface as the default background.
 */
export type CardAppearance = 'light' | 'dark';

/**
 * A logo: a file path, the file's bytes (SVG, PNG, JPEG, WebP or GIF), or one per appearance
 * as in docs.json `logo`.
 */
export type CardLogo =
  | string
  | Uint8Array
  | { light?: string | Uint8Array | null | undefined; dark?: string | Uint8Array | null | undefined };

/**
 * What the caller knows about the card (one page).
 */
export interface CardOptions {
  /** Page title, the card's headline; required and not blank. */
  title: string;
  /** Page description shown under the title (default: `''`, no description). */
  description?: string | null | undefined;
  /** Name of the navigation tab or section that owns the page (default: `''`, no tab line). */
  tab?: string | null | undefined;
  /** Site name (docs.json `name`), shown beside the logo (default: `''`, none). */
  siteName?: string | null | undefined;
  /** Theme name; unknown names are drawn as `base` (default: `'base'`). */
  theme?: string | null | undefined;
  /** Colour mode (default: `'light'`). */
  appearance?: CardAppearance | null | undefined;
  /** Card background, a hex colour (default: the theme's surface colour for `appearance`). */
  background?: string | null | undefined;
  /** Accent colour (bar, band, tab label), a hex colour (default: the theme's accent; pass `colors.primary`). */
  accent?: string | null | undefined;
  /** Logo; `{light, dark}` is picked by `appearance`, falling back to the other (default: none). */
  logo?: CardLogo | null | undefined;
  /**
   * The page's language, a BCP 47 tag such as `zh`, `zh-TW`, `ja` or `ko`: picks the face of Han
   * characters, which Chinese, Japanese and Korean share but draw in their own forms (default:
   * `''`, unknown: the text's kana or Hangul decide, else Simplified Chinese).
   */
  language?: string | null | undefined;
}

/**
 * Complete card options, every default applied.
 */
export interface ResolvedCardOptions {
  /** Card width in pixels, always `1200` (SPEC “Limits”). */
  width: 1200;
  /** Card height in pixels, always `630` (SPEC “Limits”). */
  height: 630;
  title: string;
  description: string;
  tab: string;
  siteName: string;
  /** One of the nine shipped themes. */
  theme: CardThemeName;
  /** Layout of `theme`. */
  layout: CardLayoutName;
  appearance: CardAppearance;
  background: string;
  accent: string;
  /** The logo for `appearance`, or `null` for none. */
  logo: string | Uint8Array | null;
  /** The page's language, `''` when unknown. */
  language: string;
}

const defaults = {
  description: '',
  tab: '',
  siteName: '',
  theme: 'base',
  appearance: 'light',
  language: '',
} as const;

// SPEC “colors”: a hex value is `#` followed by 3, 6, or 8 hex digits (not 4).
const hexColour = /^#(?:[\da-f]{3}|[\da-f]{6}|[\da-f]{8})$/i;

/**
 * Resolve card options once, so rendering code never applies its own fallback.
 *
 * Text fields are trimmed. Colours are checked against the SPEC hex form and kept as given.
 * Pure: a logo path is kept as a path, not read.
 *
 * @param options
 *   What the caller knows about the card.
 * @returns
 *   Complete options for a 1200x630 card.
 * @throws {TypeError}
 *   When `title` is missing or blank, a field has the wrong type, a colour is not hex, or
 *   `appearance` is not `light` or `dark`.
 */
export function resolveCardOptions(options: CardOptions): ResolvedCardOptions {
  if (!options || typeof options !== 'object') {
    throw new TypeError(
      `Cannot render card: \`options\` is \`${show(options)}\`, expected an object with a \`title\``,
    );
  }

  const title = resolveText(options.title, 'title', undefined);
  if (title === '') {
    throw new TypeError(
      `Cannot render card: \`title\` is \`${show(options.title)}\`, expected a non-empty string`,
    );
  }

  const themeInput = resolveText(options.theme, 'theme', defaults.theme);
  const theme: CardThemeName = isCardThemeName(themeInput) ? themeInput : 'base';
  const design = getCardTheme(theme);
  const appearance = resolveAppearance(options.appearance);

  return {
    width: 1200,
    height: 630,
    title,
    description: resolveText(options.description, 'description', defaults.description),
    tab: resolveText(options.tab, 'tab', defaults.tab),
    siteName: resolveText(options.siteName, 'siteName', defaults.siteName),
    theme,
    layout: design.layout,
    appearance,
    background: resolveColour(
      options.background,
      'background',
      appearance === 'dark' ? design.surfaceDark : design.surfaceLight,
    ),
    accent: resolveColour(options.accent, 'accent', design.accent),
    logo: resolveLogo(options.logo, appearance),
    language: resolveText(options.language, 'language', defaults.language),
  };
}

/**
 * Whether `value` is a hex colour in the SPEC form (`#` and 3, 6 or 8 hex digits).
 */
export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && hexColour.test(value);
}

function resolveText(value: unknown, name: string, fallback: string | undefined): string {
  if ((value === null || value === undefined) && fallback !== undefined) return fallback;

  if (typeof value !== 'string') {
    throw new TypeError(
      `Cannot render card: \`${name}\` is \`${show(value)}\`, expected a string`,
    );
  }

  return value.trim();
}

function resolveColour(value: unknown, name: string, fallback: string): string {
  if (value === null || value === undefined) return fallback;

  if (!isHexColour(value)) {
    throw new TypeError(
      `Cannot render card: \`${name}\` is \`${show(value)}\`, expected a hex colour (\`#\` followed by 3, 6 or 8 hex digits, such as \`#16a34a\`)`,
    );
  }

  return value;
}

function resolveAppearance(value: unknown): CardAppearance {
  if (value === null || value === undefined) return defaults.appearance;
  if (value === 'light' || value === 'dark') return value;
  throw new TypeError(
    `Cannot render card: \`appearance\` is \`${show(value)}\`, expected \`light\` or \`dark\``,
  );
}

function resolveLogo(value: unknown, appearance: CardAppearance): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (isLogoSource(value)) return value;

  if (typeof value === 'object' && !Array.isArray(value)) {
    const { light, dark } = value as { light?: unknown; dark?: unknown };
    for (const [name, part] of [['logo.light', light], ['logo.dark', dark]] as const) {
      if (part !== null && part !== undefined && !isLogoSource(part)) {
        throw new TypeError(
          `Cannot render card: \`${name}\` is \`${show(part)}\`, expected a file path or bytes`,
        );
      }
    }

    const [first, second] = appearance === 'dark' ? [dark, light] : [light, dark];
    return (first ?? second ?? null) as string | Uint8Array | null;
  }

  throw new TypeError(
    `Cannot render card: \`logo\` is \`${show(value)}\`, expected a file path, bytes or \`{light, dark}\``,
  );
}

function isLogoSource(value: unknown): value is string | Uint8Array {
  return (typeof value === 'string' && value.trim() !== '') || value instanceof Uint8Array;
}

// Strings are shown raw so the message reads `accent` is `red`, not `"red"`.
function show(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}
