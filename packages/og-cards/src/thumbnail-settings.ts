import { isHexColour, type CardAppearance } from './card-options.js';
import type { CardMessage } from './card-message.js';
import { getCardTheme, isCardThemeName, type CardThemeName } from './themes.js';

/**
 * The parts of docs.json that decide a site's cards (SPEC “thumbnails”, “colors”, “theme”).
 */
export interface ThumbnailConfig {
  /** docs.json `theme` (default: `'base'`; unknown names are `base`). */
  theme?: string | null | undefined;
  /** docs.json `colors`; `primary` is the default accent. */
  colors?: { primary?: string | null | undefined } | null | undefined;
  /** docs.json `thumbnails`. */
  thumbnails?:
    | {
        enabled?: boolean | null | undefined;
        background?: string | null | undefined;
        accent?: string | null | undefined;
        image?: string | null | undefined;
        appearance?: CardAppearance | null | undefined;
      }
    | null
    | undefined;
  /** The site URL chosen by the caller (`--site-url`, then `DOCSGEN_SITE_URL`, then docs.json `siteUrl`); cards need it (default: none, so no cards). */
  siteUrl?: string | null | undefined;
}

/**
 * What the site does for `og:image`, every default applied.
 */
export interface ResolvedThumbnailSettings {
  /**
   * `generated`: one card per page at `/og/<slug>.png`; `image`: `image` on every page;
   * `off`: no `og:image` (turned off, or no site URL to make the URL absolute).
   */
  mode: 'generated' | 'image' | 'off';
  /** `thumbnails.image` when `mode` is `image`, else `null`. */
  image: string | null;
  /** The site URL without a trailing slash, or `null`. */
  siteUrl: string | null;
  theme: CardThemeName;
  appearance: CardAppearance;
  /** `thumbnails.background`, else the theme's surface colour for `appearance`. */
  background: string;
  /** `thumbnails.accent`, else `colors.primary`, else the theme's accent. */
  accent: string;
  /** `card-background-image` when `thumbnails.background` is not a colour. */
  messages: CardMessage[];
}

/**
 * Resolve the site-wide card settings from docs.json once. Pure: nothing is read.
 *
 * Precedence: `thumbnails.enabled: false` turns cards off; otherwise `thumbnails.image` wins
 * over generated cards; generated cards (and a relative `image`) need `siteUrl`, since
 * `og:image` must be an absolute URL. A page's `seo.ogImage` frontmatter, and leaving drafts and
 * `noindex` pages without a card, are the caller's to apply per page.
 *
 * @throws {TypeError}
 *   When `thumbnails.accent` or `colors.primary` is not a hex colour (docs.json validation
 *   reports these first), or `appearance` is not `light` or `dark`.
 */
export function resolveThumbnailSettings(config: ThumbnailConfig): ResolvedThumbnailSettings {
  const thumbnails = config.thumbnails ?? {};
  const theme: CardThemeName = isCardThemeName(config.theme) ? config.theme : 'base';
  const design = getCardTheme(theme);
  const appearance = thumbnails.appearance ?? 'light';
  if (appearance !== 'light' && appearance !== 'dark') {
    throw new TypeError(`Cannot resolve thumbnails: \`thumbnails.appearance\` is \`${String(appearance)}\`, expected \`light\` or \`dark\``);
  }

  const messages: CardMessage[] = [];
  let background = appearance === 'dark' ? design.surfaceDark : design.surfaceLight;
  const backgroundInput = thumbnails.background?.trim();
  if (backgroundInput) {
    if (isHexColour(backgroundInput)) {
      background = backgroundInput;
    } else {
      messages.push({
        reason: `Unexpected image \`${backgroundInput}\` in \`thumbnails.background\`: cards take a hex colour, so the theme's surface colour is used`,
        ruleId: 'card-background-image',
        source: '@docsgen/og-cards',
        fatal: false,
        actual: backgroundInput,
        note: 'Set `thumbnails.background` to a colour such as `#0f172a`, or use `thumbnails.image` for one image on every page.',
      });
    }
  }

  const accent = pickColour(thumbnails.accent, 'thumbnails.accent') ?? pickColour(config.colors?.primary, 'colors.primary') ?? design.accent;
  const siteUrl = config.siteUrl?.trim().replace(/\/+$/, '') || null;
  const image = thumbnails.image?.trim() || null;
  const isAbsolute = image !== null && /^https?:\/\//i.test(image);

  let mode: ResolvedThumbnailSettings['mode'] = 'off';
  if (thumbnails.enabled !== false) {
    if (image !== null) mode = siteUrl !== null || isAbsolute ? 'image' : 'off';
    else if (siteUrl !== null) mode = 'generated';
  }

  return { mode, image: mode === 'image' ? image : null, siteUrl, theme, appearance, background, accent, messages };
}

function pickColour(value: string | null | undefined, name: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (isHexColour(value)) return value;
  throw new TypeError(
    `Cannot resolve thumbnails: \`${name}\` is \`${value}\`, expected a hex colour (\`#\` followed by 3, 6 or 8 hex digits, such as \`#16a34a\`)`,
  );
}
