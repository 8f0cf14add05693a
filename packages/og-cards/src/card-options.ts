/**
 * What the caller knows about the card (one page).
 */
export interface CardOptions {
  /** Page title, the card's headline; required and not blank. */
  title: string;
  /** Page description shown under the title (default: `''`, no description). */
  description?: string | null | undefined;
  /** Name of the navigation tab that owns the page (default: `''`, no tab line). */
  tab?: string | null | undefined;
  /** Card background, a hex colour (default: `'#ffffff'`, the base theme's light surface). */
  background?: string | null | undefined;
  /** Accent colour (rule, tab label), a hex colour (default: `'#16a34a'`). */
  accent?: string | null | undefined;
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
  background: string;
  accent: string;
}

const defaults = {
  description: '',
  tab: '',
  background: '#ffffff',
  accent: '#16a34a',
} as const;

// SPEC “colors”: a hex value is `#` followed by 3, 6, or 8 hex digits (not 4).
const hexColour = /^#(?:[\da-f]{3}|[\da-f]{6}|[\da-f]{8})$/i;

/**
 * Resolve card options once, so rendering code never applies its own fallback.
 *
 * Text fields are trimmed. Colours are checked against the SPEC hex form and kept as given.
 *
 * @param options
 *   What the caller knows about the card.
 * @returns
 *   Complete options for a 1200x630 card.
 * @throws {TypeError}
 *   When `title` is missing or blank, a text field is not a string, or a colour is not hex.
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

  return {
    width: 1200,
    height: 630,
    title,
    description: resolveText(options.description, 'description', defaults.description),
    tab: resolveText(options.tab, 'tab', defaults.tab),
    background: resolveColour(options.background, 'background', defaults.background),
    accent: resolveColour(options.accent, 'accent', defaults.accent),
  };
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

  if (typeof value !== 'string' || !hexColour.test(value)) {
    throw new TypeError(
      `Cannot render card: \`${name}\` is \`${show(value)}\`, expected a hex colour (\`#\` followed by 3, 6 or 8 hex digits, such as \`#16a34a\`)`,
    );
  }

  return value;
}

// Strings are shown raw so the message reads `accent` is `red`, not `"red"`.
function show(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}
