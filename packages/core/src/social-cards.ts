// Which pages get a social card, what it shows, and the `og:image` every page points at.
// Rendering itself is `@docsgen/og-cards`; this module only decides and gathers the inputs.
import { listNavigationEntries, resolveProjectPath, type DocsgenMessage, type NavAncestor, type NavigationModel, type ResolvedDocsConfig } from '@docsgen/config';
import type { CardOptions } from '@docsgen/og-cards';
// Only the settings here: drawing and hashing cards loads satori and sharp (about 0.2 s), which
// a dev server should not pay before its first page.
import { resolveThumbnailSettings, type ResolvedThumbnailSettings } from '@docsgen/og-cards/settings';
import type { PageInfo } from './pages.js';

/** The `og:image` of a page: an absolute URL, with its size when docsgen drew it. */
export interface SocialImage {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
}

/** A page's generated card: what it is drawn from and the hash of that. */
export interface CardPlan {
  input: CardOptions;
  hash: string;
  /** The page's file (its API spec for a generated page), where the card's warnings are placed. */
  file: string;
}

export interface SocialCards {
  /** Warnings from `thumbnails` (`card-background-image`). */
  messages: DocsgenMessage[];
  /**
   * The page's `og:image`, from `base` (the site URL; in dev the request origin when no site URL
   * is set): its frontmatter `seo.ogImage` (or `og:image`), else `thumbnails.image`, else its
   * generated card. `undefined` for drafts, `noindex` pages, or without a base to make it absolute.
   */
  imageOf(page: PageInfo, base: string | undefined): SocialImage | undefined;
  /** The page's generated card, or `undefined` when it shows no generated card. */
  planOf(page: PageInfo, base: string | undefined): Promise<CardPlan | undefined>;
}

export interface SocialCardsInput {
  root: string;
  config: ResolvedDocsConfig | undefined;
  navigation: NavigationModel | undefined;
}

/** Card size (SPEC “Limits”). */
export const cardSize = { width: 1200, height: 630 } as const;

/** Decides cards for a site; settings are resolved once per base URL. */
export function createSocialCards(input: SocialCardsInput): SocialCards {
  const { root, config, navigation } = input;
  const settingsByBase = new Map<string, ResolvedThumbnailSettings | undefined>();
  const settingsFor = (base: string | undefined): ResolvedThumbnailSettings | undefined => {
    const key = base ?? '';
    if (!settingsByBase.has(key)) {
      let settings: ResolvedThumbnailSettings | undefined;
      try {
        settings = resolveThumbnailSettings({ theme: config?.theme, colors: config?.colors, thumbnails: config?.thumbnails, siteUrl: base });
      } catch {
        // An invalid colour is reported by docs.json validation; no cards until it is fixed.
        settings = undefined;
      }
      settingsByBase.set(key, settings);
    }
    return settingsByBase.get(key);
  };
  const messages: DocsgenMessage[] = (config ? (settingsFor(undefined)?.messages ?? []) : []).map((message) => ({ ...message }));
  const logo = resolveLogo(root, config?.logo);
  // The section and language of every page, from one walk of the navigation (not one walk per page).
  let placements: Map<string, Placement> | undefined;
  let languages: Set<string> | undefined;
  const placementOf = (slug: string): Placement | undefined => {
    if (!navigation) return undefined;
    placements ??= pagePlacements(navigation);
    let placement = placements.get(slug);
    if (!placement) {
      languages ??= new Set([...placements.values()].flatMap((listed) => (listed.language ? [listed.language] : [])));
      placement = { section: '', language: languageOfFolder(languages, slug) };
      placements.set(slug, placement);
    }
    return placement;
  };

  const isEligible = (page: PageInfo): boolean => !page.isDraft && !page.isNoindex && page.slug !== '404';

  function imageOf(page: PageInfo, base: string | undefined): SocialImage | undefined {
    if (!config || !isEligible(page)) return undefined;
    const origin = base?.replace(/\/+$/, '');
    const override = pageImage(page.frontmatter);
    if (override) return absolute(override, origin);
    const settings = settingsFor(origin);
    if (settings?.mode === 'image' && settings.image) return absolute(settings.image, origin);
    if (settings?.mode === 'generated' && origin) return { url: `${origin}/og/${page.slug.split('/').map(encodeURIComponent).join('/')}.png`, ...cardSize };
    return undefined;
  }

  async function planOf(page: PageInfo, base: string | undefined): Promise<CardPlan | undefined> {
    if (!config || !isEligible(page) || pageImage(page.frontmatter)) return undefined;
    const settings = settingsFor(base?.replace(/\/+$/, ''));
    if (settings?.mode !== 'generated') return undefined;
    const placement = placementOf(page.slug);
    const cardInput: CardOptions = {
      title: page.title,
      description: page.description ?? '',
      tab: placement?.section ?? '',
      siteName: config.name,
      theme: settings.theme,
      appearance: settings.appearance,
      background: settings.background,
      accent: settings.accent,
      logo,
      // Picks the face of Han characters; only a page with Chinese, Japanese or Korean text uses it.
      ...(placement?.language ? { language: placement.language } : {}),
    };
    const { cardInputHash } = await import('@docsgen/og-cards');
    return { input: cardInput, hash: await cardInputHash(cardInput), file: page.file };
  }

  return { messages, imageOf, planOf };
}

/** Draws a planned card; its warnings (a missing logo, missing glyphs) come back with it. */
export async function drawCard(plan: CardPlan): Promise<{ png: Buffer; messages: DocsgenMessage[] }> {
  const messages: DocsgenMessage[] = [];
  const { renderCard } = await import('@docsgen/og-cards');
  const png = await renderCard(plan.input, { onMessage: (message) => messages.push({ file: plan.file, ...message }) });
  return { png, messages };
}

/** Frontmatter `seo.ogImage`, or the flat `og:image` key many projects use. */
function pageImage(frontmatter: Record<string, unknown>): string | undefined {
  const seo = frontmatter.seo;
  const nested = seo && typeof seo === 'object' ? (seo as Record<string, unknown>).ogImage : undefined;
  const value = typeof nested === 'string' ? nested : frontmatter['og:image'];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function absolute(image: string, origin: string | undefined): SocialImage | undefined {
  if (/^https?:\/\//i.test(image)) return { url: image };
  if (!origin || /^[a-z][a-z\d+.-]*:/i.test(image) || image.startsWith('//')) return undefined;
  return { url: `${origin}/${image.replace(/^\/+/, '')}` };
}

/** Where a page sits in the navigation, as its card shows it. */
interface Placement {
  /** The tab (or anchor, dropdown, product) holding the page, else its top group; `''` for none. */
  section: string;
  /** The language listing the page (`languages[].language`, such as `zh`), if the navigation has languages. */
  language: string | undefined;
}

/**
 * The section and language of each page. A page listed more than once counts where
 * `findNavigationTrail` finds it: its first listing in the default version and language, else
 * its first listing.
 */
function pagePlacements(navigation: NavigationModel): Map<string, Placement> {
  type Entry = ReturnType<typeof listNavigationEntries>[number];
  const inDefault = new Map<string, Entry>();
  const anywhere = new Map<string, Entry>();
  const isDefault = (actual: string | undefined, wanted: string | undefined): boolean => wanted === undefined || actual === undefined || actual === wanted;
  for (const entry of listNavigationEntries(navigation)) {
    if (!anywhere.has(entry.slug)) anywhere.set(entry.slug, entry);
    if (!inDefault.has(entry.slug) && isDefault(entry.version, navigation.defaultVersion) && isDefault(entry.language, navigation.defaultLanguage)) {
      inDefault.set(entry.slug, entry);
    }
  }
  const placements = new Map<string, Placement>();
  for (const [slug, first] of anywhere) {
    const entry = inDefault.get(slug) ?? first;
    placements.set(slug, { section: sectionOfTrail(entry.trail), language: entry.language });
  }
  return placements;
}

/**
 * The language of a page the navigation does not list, from its folder: `zh/status` is in `zh`
 * when the navigation has a `zh` language.
 */
function languageOfFolder(languages: ReadonlySet<string>, slug: string): string | undefined {
  const folder = slug.split('/', 1)[0];
  if (!folder || !slug.includes('/')) return undefined;
  return languages.has(folder) ? folder : undefined;
}

function sectionOfTrail(trail: readonly NavAncestor[]): string {
  const division = trail.findLast((node) => node.kind !== 'group' && node.kind !== 'version' && node.kind !== 'language' && node.title);
  return division?.title ?? trail.find((node) => node.kind === 'group' && node.title)?.title ?? '';
}

/** docs.json `logo` as files inside the project; a path leaving it is dropped. */
function resolveLogo(root: string, logo: ResolvedDocsConfig['logo'] | undefined): CardOptions['logo'] {
  const inside = (name: string | undefined): string | undefined => {
    if (!name || name.startsWith('//')) return undefined;
    // `/logo.svg` names a file at the project root, as on the site.
    const resolved = resolveProjectPath(root, name.replace(/^\/+/, ''));
    if (resolved.ok) return resolved.real;
    // Missing or unreadable: the card is drawn without a logo, with a `card-logo-unreadable` warning.
    return resolved.reason === 'missing' || resolved.reason === 'unreadable' ? resolved.file : undefined;
  };
  if (typeof logo === 'string') return inside(logo);
  if (!logo) return undefined;
  const light = inside(logo.light);
  const dark = inside(logo.dark);
  return light || dark ? { light, dark } : undefined;
}
