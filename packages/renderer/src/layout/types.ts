// What the site layout receives. The renderer does not depend on `@docsgen/config`: these
// shapes are the parts of its resolved config and navigation model the layout reads, written
// so that `ResolvedDocsConfig` and `NavigationModel` are assignable to them as they are.

/** A hex colour, or one per colour mode. */
export type LayoutColor = string | { light?: string | undefined; dark?: string | undefined };

/** One font of `fonts` in docs.json. */
export interface LayoutFont {
  family: string;
  weight?: number | string | undefined;
  source?: string | undefined;
  format?: string | undefined;
}

/** An icon value of docs.json: a name, an image path or URL, or `{name, style, library}`. */
export type LayoutIcon = unknown;

/** The docs.json fields the layout reads (resolved: defaults applied, theme resolved). */
export interface LayoutConfig {
  name: string;
  description?: string | undefined;
  siteUrl?: string | undefined;
  /** Resolved theme: `base`, `pith`, `pip`, `readable` or `theme-e`; anything else renders as `base`. */
  theme?: string | undefined;
  /** Library of the navigation's named icons (`icons.library`; default Font Awesome). */
  icons?: { library?: string | undefined } | undefined;
  colors?:
    | {
        primary?: string | undefined;
        light?: string | undefined;
        dark?: string | undefined;
        background?: LayoutColor | undefined;
        anchors?: string | { from: string; to: string } | undefined;
      }
    | undefined;
  logo?: string | { light?: string | undefined; dark?: string | undefined; href?: string | undefined } | undefined;
  favicon?: string | { light: string; dark: string | undefined } | undefined;
  navbar?:
    | {
        links?: Array<{ label?: string | undefined; href: string; icon?: LayoutIcon; type?: string | undefined }> | undefined;
        primary?: { type: string; label?: string | undefined; href: string } | undefined;
      }
    | undefined;
  seo?: { metatags?: Record<string, string> | undefined; indexing?: string | undefined } | undefined;
  /** Sidebar groups: `drilldown` opens a group's first page when a reader expands it. */
  interaction?: { drilldown?: boolean | undefined } | undefined;
  /** Extra `<meta>` tags (resolved: string entries only). */
  metadata?: Record<string, unknown> | undefined;
  appearance?:
    | {
        default?: string | undefined;
        strict?: boolean | undefined;
        readingTime?: boolean | undefined;
        readingProgress?: boolean | undefined;
      }
    | undefined;
  background?:
    | {
        image?: string | { light: string; dark: string } | undefined;
        color?: { light?: string | undefined; dark?: string | undefined } | undefined;
        decoration?: string | undefined;
      }
    | undefined;
  fonts?: (LayoutFont & { heading?: LayoutFont | undefined; body?: LayoutFont | undefined }) | { heading?: LayoutFont | undefined; body?: LayoutFont | undefined } | undefined;
  styling?: { eyebrows?: string | undefined; codeblocks?: unknown } | undefined;
  search?: { prompt?: string | undefined } | undefined;
}

/** A node of the navigation model (`NavNode` of `@docsgen/config`). */
export interface LayoutNavNode {
  /** `page`, `operation`, `group`, `tab`, `anchor`, `dropdown`, `product`, `menu-item`, `version` or `language`. */
  kind: string;
  configPath: readonly (string | number)[];
  isHidden: boolean;
  isGlobal: boolean;
  /** Pages: the slug. */
  slug?: string | undefined;
  /** Operations: method, path and spec file. */
  method?: string | undefined;
  path?: string | undefined;
  spec?: string | undefined;
  /** Groups and divisions: the label. */
  title?: string | undefined;
  icon?: LayoutIcon;
  tag?: string | undefined;
  /** Groups: the landing page listed before the children. */
  root?: string | undefined;
  isExpanded?: boolean | undefined;
  /** Groups: whether expanding the group opens its first page (`undefined`: the site's `interaction.drilldown`). */
  drilldown?: boolean | undefined;
  /** Divisions: an external link instead of (or besides) children. */
  href?: string | undefined;
  isDefault?: boolean | undefined;
  children?: readonly LayoutNavNode[] | undefined;
}

/** The navigation model (`NavigationModel` of `@docsgen/config`). */
export interface LayoutNavigation {
  children: readonly LayoutNavNode[];
  versions: readonly string[];
  languages: readonly string[];
  defaultVersion: string | undefined;
  defaultLanguage: string | undefined;
}

/** What the layout knows about a page (a subset of core's `PageInfo`). */
export interface LayoutPage {
  slug: string;
  title: string;
  /** Label in the sidebar (default: `title`). */
  sidebarTitle?: string | undefined;
  description?: string | undefined;
  /** `hidden: true` in the frontmatter: published, never listed. */
  isHidden?: boolean | undefined;
  /** `noindex` in the frontmatter. */
  isNoindex?: boolean | undefined;
  /** Frontmatter `url`: the page links to this address. */
  externalUrl?: string | undefined;
  /** An API reference page's method (`GET`, or an AsyncAPI action such as `send`), shown as a badge in the sidebar. */
  method?: string | undefined;
  /** Frontmatter as written; the layout reads `icon`, `tag`, `mode` and `sidebarTitle`. */
  frontmatter?: Record<string, unknown> | undefined;
}

/** A heading of the table of contents. */
export interface LayoutTocEntry {
  depth: number;
  id: string;
  text: string;
}

/** The data the site-wide parts of the layout (sidebar, navigation file) are made from. */
export interface SiteLayoutData {
  config: LayoutConfig;
  /** The navigation model; without one the sidebar is empty (default: none). */
  navigation?: LayoutNavigation | null | undefined;
  /** Every page by slug. */
  pages: ReadonlyMap<string, LayoutPage>;
  /** Where `/` leads; links to it are written `/` (default: `index`). */
  homeSlug?: string | null | undefined;
  /** URL prefix of docsgen's own assets (default: `/_docsgen`). */
  assetBase?: string | null | undefined;
  /** The site has docsgen's search: the header's search box and Ctrl/⌘K (default: `true`). */
  hasSearch?: boolean | null | undefined;
}
