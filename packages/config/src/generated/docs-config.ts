/* eslint-disable */
/**
 * Generated from packages/config/docs.schema.json by scripts/generate.mjs. Do not edit:
 * change the schema and run `node scripts/generate.mjs`.
 *
 * These are the types of what users write in docs.json (input types): optional fields
 * stay optional, defaults are documented but not applied.
 */

/**
 * A hex colour: `#` followed by 3, 6 or 8 hex digits (`#0d9373`, `#fff`, `#0d937380`).
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "hexColor".
 */
export type HexColor = string;
/**
 * Accent colour of a navigation entry: one hex colour, or one per colour mode.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "navColor".
 */
export type NavColor = HexColor | LightDarkColor;
/**
 * A link target: a site path (`/quickstart`), a fragment (`#setup`), a `mailto:` address or an absolute `https://` URL.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "href".
 */
export type Href = string;
/**
 * A page path relative to the project root, without extension (`guides/quickstart`); an API operation (`GET /users/{id}`, optionally prefixed with a spec file) is also accepted.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "page".
 */
export type Page = string;
/**
 * An entry of a `pages` array: a page path, a nested group, or another repository's navigation (`sourceRef`, left out).
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "pageEntry".
 */
export type PageEntry = Page | Group | SourceRef;
/**
 * Page paths and nested groups, in sidebar order.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "pages".
 */
export type Pages = PageEntry[];
/**
 * An icon: a name from the configured icon library (`rocket`), or an object that also picks a style or library.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "icon".
 */
export type Icon =
  | string
  | {
      /**
       * Icon name.
       */
      name: string;
      /**
       * Icon style; only the `library-a` icon library has styles.
       */
      style?:
        | 'brands'
        | 'duotone'
        | 'light'
        | 'regular'
        | 'sharp-duotone-solid'
        | 'sharp-light'
        | 'sharp-regular'
        | 'sharp-solid'
        | 'sharp-thin'
        | 'solid'
        | 'thin';
      /**
       * Icon library of this icon, overriding `icons.library`.
       */
      library?: IconLibrary;
    };
/**
 * An icon library: `library-a` or `library-b`; `fontawesome`, `lucide` and `tabler` are accepted for projects written for the hosted platform.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "iconLibrary".
 */
export type IconLibrary = 'library-a' | 'library-b' | 'fontawesome' | 'lucide' | 'tabler';
/**
 * Automatic directory UI on group root pages: `none`, `accordion` or `card`.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "directory".
 */
export type Directory = 'none' | 'accordion' | 'card';
/**
 * One or more OpenAPI 3 specs: a path or URL, an object with options, or an array of either.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "openapiSpec".
 */
export type OpenapiSpec = string | (string | OpenapiSource)[] | OpenapiSource;
/**
 * One or more AsyncAPI specs: a path or URL, an object with options, or an array of either.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "asyncapiSpec".
 */
export type AsyncapiSpec = string | (string | AsyncapiSource)[] | AsyncapiSource;
/**
 * A GraphQL schema (SDL) whose types and operations become pages: a path or https URL, or an object with options.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "graphqlSpec".
 */
export type GraphqlSpec =
  | string
  | {
      /**
       * Path (relative to the project root) or https URL of the SDL file.
       */
      source: string;
      /**
       * Directory under which the generated pages are placed.
       */
      directory?: string;
    };
/**
 * Name of a code-highlighting theme. The listed names are bundled; any other name is accepted.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "codeThemeName".
 */
export type CodeThemeName =
  | (
      | 'andromeeda'
      | 'aurora-x'
      | 'ayu-dark'
      | 'catppuccin-frappe'
      | 'catppuccin-latte'
      | 'catppuccin-macchiato'
      | 'catppuccin-mocha'
      | 'dark-plus'
      | 'dracula'
      | 'dracula-soft'
      | 'everforest-dark'
      | 'everforest-light'
      | 'github-dark'
      | 'github-dark-default'
      | 'github-dark-dimmed'
      | 'github-dark-high-contrast'
      | 'github-light'
      | 'github-light-default'
      | 'github-light-high-contrast'
      | 'gruvbox-dark-hard'
      | 'gruvbox-dark-medium'
      | 'gruvbox-dark-soft'
      | 'gruvbox-light-hard'
      | 'gruvbox-light-medium'
      | 'gruvbox-light-soft'
      | 'houston'
      | 'kanagawa-dragon'
      | 'kanagawa-lotus'
      | 'kanagawa-wave'
      | 'laserwave'
      | 'light-plus'
      | 'material-theme'
      | 'material-theme-darker'
      | 'material-theme-lighter'
      | 'material-theme-ocean'
      | 'material-theme-palenight'
      | 'min-dark'
      | 'min-light'
      | 'monokai'
      | 'night-owl'
      | 'nord'
      | 'one-dark-pro'
      | 'one-light'
      | 'plastic'
      | 'poimandres'
      | 'red'
      | 'rose-pine'
      | 'rose-pine-dawn'
      | 'rose-pine-moon'
      | 'slack-dark'
      | 'slack-ochin'
      | 'snazzy-light'
      | 'solarized-dark'
      | 'solarized-light'
      | 'synthwave-84'
      | 'tokyo-night'
      | 'vesper'
      | 'vitesse-black'
      | 'vitesse-dark'
      | 'vitesse-light'
      | 'css-variables'
    )
  | string;
/**
 * Code-highlighting theme: one theme for both colour modes, or one per mode.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "codeTheme".
 */
export type CodeTheme =
  | CodeThemeName
  | {
      /**
       * Theme used in light mode.
       */
      light: CodeThemeName;
      /**
       * Theme used in dark mode.
       */
      dark: CodeThemeName;
    };
/**
 * Font weight (`400`), or a range for a variable font (`"400 700"`).
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "fontWeight".
 */
export type FontWeight = number | string;
/**
 * Format of the font file, including the variable-font formats.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "fontFormat".
 */
export type FontFormat =
  | 'woff'
  | 'woff2'
  | 'truetype'
  | 'opentype'
  | 'woff-variations'
  | 'woff2-variations'
  | 'truetype-variations'
  | 'opentype-variations';

/**
 * Configuration of a docsgen documentation site (docs.json). Only `name` and `navigation` are required; every other field has a default.
 */
export interface DocsConfig {
  /**
   * URL of this JSON Schema, for editor autocomplete and validation: `https://unpkg.com/@docsgen/config/docs.schema.json`.
   */
  $schema?: string;
  /**
   * Site name, shown in the top navigation and in the page `<title>`.
   */
  name: string;
  /**
   * Site-wide description; the default OpenGraph description and the summary in llms.txt.
   */
  description?: string;
  /**
   * Absolute http(s) URL of the deployed site, such as `https://docs.example.com`. Needed for `og:image`, canonical URLs and the sitemap.
   */
  siteUrl?: string;
  /**
   * Site theme: `base`, `pith`, `pip`, `readable`, `theme-e`, `maple`, `linden`, `aspen` or `luma`. The hosted platform's other five names (`mint`, `willow`, `almond`, `sequoia` and `palm`) are accepted and resolve to `base`. Any other name falls back to `base` with an `unknown-theme` warning, not a validation error. (default: `"base"`)
   */
  theme?:
    | (
        | 'base'
        | 'pith'
        | 'pip'
        | 'readable'
        | 'theme-e'
        | 'maple'
        | 'linden'
        | 'aspen'
        | 'luma'
        | 'mint'
        | 'willow'
        | 'almond'
        | 'sequoia'
        | 'palm'
      )
    | string;
  /**
   * Brand colours, all hex.
   */
  colors?: {
    /**
     * Brand colour: buttons, links, accents.
     */
    primary?: HexColor;
    /**
     * Lighter shade for highlights, used in dark mode.
     */
    light?: HexColor;
    /**
     * Darker shade for hover and active states, used in light mode.
     */
    dark?: HexColor;
    /**
     * Page background; the object form sets light and dark mode separately.
     */
    background?: HexColor | LightDarkColor;
    /**
     * Accent of the anchors; the object form is a 135-degree linear gradient.
     */
    anchors?:
      | HexColor
      | {
          /**
           * Start colour of the gradient.
           */
          from: HexColor;
          /**
           * End colour of the gradient.
           */
          to: HexColor;
        };
  };
  /**
   * Logo in the top navigation: one image path, or one per colour mode plus a link target.
   */
  logo?:
    | string
    | {
        /**
         * Path of the logo shown in light mode.
         */
        light?: string;
        /**
         * Path of the logo shown in dark mode.
         */
        dark?: string;
        /**
         * Link target of the logo. (default: `"/"`)
         */
        href?: Href;
      };
  /**
   * Favicon path under the project root. The light/dark form is ignored by most browsers.
   */
  favicon?:
    | string
    | {
        /**
         * Favicon for light mode.
         */
        light: string;
        /**
         * Favicon for dark mode.
         */
        dark: string;
      };
  /**
   * Site navigation: pages, groups, tabs, anchors, dropdowns, versions, languages and products.
   */
  navigation: Navigation;
  /**
   * Links and call-to-action button of the top navigation bar.
   */
  navbar?: Navbar;
  /**
   * Footer of every page.
   */
  footer?: Footer;
  /**
   * Site-wide announcement bar above the top navigation.
   */
  banner?: Banner;
  /**
   * Redirects, applied in the dev server and every deployment adapter.
   *
   * Items: One redirect.
   */
  redirects?: {
    /**
     * Path to redirect from; a `:name` segment (or `:name*` for several segments) is captured.
     */
    source: string;
    /**
     * Path or URL to redirect to; captured `:name` segments are substituted.
     */
    destination: string;
    /**
     * `true` for a permanent (308) redirect, `false` for a temporary (307) one. (default: `true`)
     */
    permanent?: boolean;
  }[];
  /**
   * Search-engine settings.
   */
  seo?: {
    /**
     * Extra `<meta>` tags on every page: name to content.
     */
    metatags?: {
      /**
       * Content of the meta tag.
       */
      [k: string]: string;
    };
    /**
     * `navigable` excludes pages that are not in the navigation from search engines; `all` indexes every page. (default: `"navigable"`)
     */
    indexing?: 'navigable' | 'all';
    /**
     * Extra `<meta>` tags for the pages under a folder; longer paths win over shorter ones and over `metatags`.
     *
     * Items: Meta tags for one folder.
     */
    paths?: {
      /**
       * Folder relative to the project root, without leading or trailing slash.
       */
      path: string;
      /**
       * Meta tags of the pages under `path`: name to content.
       */
      metatags: {
        /**
         * Content of the meta tag.
         */
        [k: string]: string;
      };
    }[];
    /**
     * Organization described in the JSON-LD structured data of every page.
     */
    organization?: {
      /**
       * Identifier URL of the organization; defaults to `<site URL>/#organization`.
       */
      id?: string;
      /**
       * Name of the organization; defaults to the site name.
       */
      name?: string;
      /**
       * Registered legal name.
       */
      legalName?: string;
      /**
       * Home page URL of the organization.
       */
      url?: string;
      /**
       * Logo URL of the organization; defaults to the site logo.
       */
      logo?: string;
      /**
       * URLs of the organization profiles elsewhere.
       */
      sameAs?: string[];
    };
    /**
     * Writes URLs with a trailing slash in canonical links, `og:url`, the sitemap and internal links. (default: `false`)
     */
    trailingSlash?: boolean;
  };
  /**
   * Analytics providers, keyed by provider; every configured provider fires on page views.
   */
  analytics?: {
    /**
     * Adobe Analytics.
     */
    adobe?: AnalyticsAdobe;
    /**
     * Amplitude.
     */
    amplitude?: AnalyticsAmplitude;
    /**
     * Microsoft Clarity.
     */
    clarity?: AnalyticsClarity;
    /**
     * Clearbit.
     */
    clearbit?: AnalyticsClearbit;
    /**
     * Fathom.
     */
    fathom?: AnalyticsFathom;
    /**
     * Google Analytics 4.
     */
    ga4?: AnalyticsGa4;
    /**
     * Google Tag Manager.
     */
    gtm?: AnalyticsGtm;
    /**
     * Heap.
     */
    heap?: AnalyticsHeap;
    /**
     * Hightouch.
     */
    hightouch?: AnalyticsHightouch;
    /**
     * Hotjar.
     */
    hotjar?: AnalyticsHotjar;
    /**
     * Koala.
     */
    koala?: AnalyticsKoala;
    /**
     * LogRocket.
     */
    logrocket?: AnalyticsLogrocket;
    /**
     * Mixpanel.
     */
    mixpanel?: AnalyticsMixpanel;
    /**
     * Pirsch.
     */
    pirsch?: AnalyticsPirsch;
    /**
     * PostHog.
     */
    posthog?: AnalyticsPosthog;
    /**
     * Plausible.
     */
    plausible?: AnalyticsPlausible;
    /**
     * Segment.
     */
    segment?: AnalyticsSegment;
    /**
     * Options of a provider docsgen does not know; passed through unchanged.
     */
    [k: string]:
      | {
          [k: string]: unknown;
        }
      | AnalyticsAdobe
      | AnalyticsAmplitude
      | AnalyticsClarity
      | AnalyticsClearbit
      | AnalyticsFathom
      | AnalyticsGa4
      | AnalyticsGtm
      | AnalyticsHeap
      | AnalyticsHightouch
      | AnalyticsHotjar
      | AnalyticsKoala
      | AnalyticsLogrocket
      | AnalyticsMixpanel
      | AnalyticsPirsch
      | AnalyticsPosthog
      | AnalyticsPlausible
      | AnalyticsSegment
      | undefined;
  };
  /**
   * Third-party integrations. Free-form: only the known parts are read. Analytics providers may be configured here as in `analytics`.
   */
  integrations?: {
    /**
     * Adobe Analytics; the same as `analytics.adobe`.
     */
    adobe?: AnalyticsAdobe;
    /**
     * Amplitude; the same as `analytics.amplitude`.
     */
    amplitude?: AnalyticsAmplitude;
    /**
     * Microsoft Clarity; the same as `analytics.clarity`.
     */
    clarity?: AnalyticsClarity;
    /**
     * Clearbit; the same as `analytics.clearbit`.
     */
    clearbit?: AnalyticsClearbit;
    /**
     * Fathom; the same as `analytics.fathom`.
     */
    fathom?: AnalyticsFathom;
    /**
     * Google Analytics 4; the same as `analytics.ga4`.
     */
    ga4?: AnalyticsGa4;
    /**
     * Google Tag Manager; the same as `analytics.gtm`.
     */
    gtm?: AnalyticsGtm;
    /**
     * Heap; the same as `analytics.heap`.
     */
    heap?: AnalyticsHeap;
    /**
     * Hightouch; the same as `analytics.hightouch`.
     */
    hightouch?: AnalyticsHightouch;
    /**
     * Hotjar; the same as `analytics.hotjar`.
     */
    hotjar?: AnalyticsHotjar;
    /**
     * Koala; the same as `analytics.koala`.
     */
    koala?: AnalyticsKoala;
    /**
     * LogRocket; the same as `analytics.logrocket`.
     */
    logrocket?: AnalyticsLogrocket;
    /**
     * Mixpanel; the same as `analytics.mixpanel`.
     */
    mixpanel?: AnalyticsMixpanel;
    /**
     * Pirsch; the same as `analytics.pirsch`.
     */
    pirsch?: AnalyticsPirsch;
    /**
     * PostHog; the same as `analytics.posthog`.
     */
    posthog?: AnalyticsPosthog;
    /**
     * Plausible; the same as `analytics.plausible`.
     */
    plausible?: AnalyticsPlausible;
    /**
     * Segment; the same as `analytics.segment`.
     */
    segment?: AnalyticsSegment;
    /**
     * Intercom chat widget.
     */
    intercom?: {
      /**
       * Intercom app id.
       */
      appId: string;
    };
    /**
     * Front chat widget.
     */
    frontchat?: {
      /**
       * Front chat snippet id.
       */
      snippetId: string;
    };
    /**
     * OneTrust cookie consent.
     */
    onetrust?: {
      /**
       * OneTrust domain script id.
       */
      domainScript: string;
      /**
       * Consent category that gates analytics.
       */
      categoryId?: string;
      /**
       * https URL of the OneTrust script.
       */
      scriptSource?: string;
    };
    /**
     * Transcend consent management.
     */
    transcend?: {
      /**
       * Transcend bundle id.
       */
      bundleId: string;
      /**
       * Consent purpose that gates analytics.
       */
      analyticsPurpose?: string;
    };
    /**
     * Telemetry of the hosted platform; docsgen sends none.
     */
    telemetry?: {
      /**
       * Telemetry on or off.
       */
      enabled?: boolean;
    };
    /**
     * Consent cookie that gates analytics: analytics fire only when this cookie has this value.
     */
    cookies?: {
      /**
       * Cookie name.
       */
      key?: string;
      /**
       * Cookie value meaning consent.
       */
      value?: string;
    };
    [k: string]: unknown;
  };
  /**
   * API reference pages and the try-it form.
   */
  api?: {
    /**
     * OpenAPI 3 spec(s), JSON or YAML; enables page generation.
     */
    openapi?: OpenapiSpec;
    /**
     * AsyncAPI spec(s), JSON or YAML.
     */
    asyncapi?: AsyncapiSpec;
    /**
     * Base URL(s) of try-it requests, overriding the first server URL of the spec. An array gives the reader an environment switcher.
     */
    baseUrl?: string | string[];
    /**
     * Authentication of the try-it form.
     */
    auth?: ApiAuth;
    /**
     * Default viewer of OpenAPI pages; `docsgen` is the built-in viewer, the others load a third-party bundle. (default: `"docsgen"`)
     */
    viewer?: 'docsgen' | 'viewer-a' | 'viewer-b' | 'viewer-c';
    /**
     * The try-it form.
     */
    playground?: {
      /**
       * `interactive` shows the form, `simple` shows the request without sending it, `hide` removes the form. (default: `"interactive"`)
       */
      mode?: 'interactive' | 'simple' | 'hide';
      /**
       * Form display as written for the hosted platform: `interactive`, `simple`, `none` (as `hide`) or `auth` (form only for signed-in readers). `mode` wins when both are set.
       */
      display?: 'interactive' | 'simple' | 'none' | 'auth';
      /**
       * Sends try-it requests through a server-side CORS proxy instead of straight from the browser. Default: `true` where the site serves the proxy (`docsgen dev`, the netlify, vercel and cloudflare adapters), as on the hosted platform; `false` on a static host.
       */
      proxy?: boolean;
      /**
       * Sends cookies with cross-origin try-it requests when the proxy is off. (default: `false`)
       */
      credentials?: boolean;
    };
    /**
     * Parameter lists of API pages.
     */
    params?: {
      /**
       * `all` expands nested parameters when the page loads; `closed` keeps them collapsed. (default: `"closed"`)
       */
      expanded?: 'all' | 'closed';
      /**
       * Spec extension keys whose values are shown as pills after every parameter.
       */
      post?: string[];
    };
    /**
     * Request examples of API pages.
     */
    examples?: {
      /**
       * Which parameters the generated examples include: `required` ones only, or `all`. (default: `"all"`)
       */
      defaults?: 'required' | 'all';
      /**
       * Languages of the generated code samples, in tab order.
       */
      languages?: string[];
      /**
       * Prefills the try-it form with the example values. (default: `false`)
       */
      prefill?: boolean;
      /**
       * Generates code samples; `false` shows only samples written in the spec or the page. (default: `true`)
       */
      autogenerate?: boolean;
    };
    /**
     * `full` always shows the full base URL in the endpoint header.
     */
    url?: 'full';
    /**
     * Hand-written API pages (pages with an `api` frontmatter field instead of a spec operation).
     */
    mdx?: {
      /**
       * Authentication of the try-it form of hand-written API pages.
       */
      auth?: ApiAuth;
      /**
       * Agent-protocol server URL(s) for AI agents; the first is also the base URL of hand-written API pages whose `api` is a path, when `api.baseUrl` is not set.
       */
      server?: string | string[];
    };
  };
  /**
   * Colour mode.
   */
  appearance?: {
    /**
     * Colour mode on first visit; `system` follows the operating system. (default: `"system"`)
     */
    default?: 'system' | 'light' | 'dark';
    /**
     * Hides the light/dark toggle and forces the `default` mode. (default: `false`)
     */
    strict?: boolean;
    /**
     * Shows the estimated reading time in the page header. (default: `false`)
     */
    readingTime?: boolean;
    /**
     * Shows a 2px reading-progress bar across the top of the page. (default: `false`)
     */
    readingProgress?: boolean;
  };
  /**
   * Code blocks.
   */
  code?: {
    /**
     * Shows a copy button on every code block. (default: `true`)
     */
    copyButton?: boolean;
    /**
     * Code-highlighting theme (also the default of `styling.codeblocks.theme`). (default: `{"light":"github-light","dark":"github-dark"}`)
     */
    theme?: CodeTheme;
  };
  /**
   * Page background decoration.
   */
  background?: {
    /**
     * Background image: one path, or one per colour mode.
     */
    image?:
      | string
      | {
          /**
           * Image in light mode.
           */
          light: string;
          /**
           * Image in dark mode.
           */
          dark: string;
        };
    /**
     * Background colour per colour mode.
     */
    color?: LightDarkColor;
    /**
     * Decorative background pattern.
     */
    decoration?: 'gradient' | 'grid' | 'windows';
  };
  /**
   * Fonts: one font for all text, which `heading` or `body` may replace for headings or body text; or separate `heading` and `body` fonts.
   */
  fonts?:
    | FontSettings
    | {
        /**
         * Font of headings.
         */
        heading?: FontDetails;
        /**
         * Font of body text.
         */
        body?: FontDetails;
      };
  /**
   * Styling details.
   */
  styling?: {
    /**
     * Eyebrow above the page title: the `section` (group) name, or the full `breadcrumbs` trail. (default: `"section"`)
     */
    eyebrows?: 'section' | 'breadcrumbs';
    /**
     * Code-block styling. `system` follows the colour mode, `dark` forces dark code blocks in every mode, an object gives finer control. (default: `"system"`)
     */
    codeblocks?:
      | ('system' | 'dark')
      | {
          /**
           * Code-highlighting theme (default: `code.theme`).
           */
          theme?: CodeTheme;
          /**
           * `bar` shows a caption bar; `bare` drops it and floats the copy button over the code. A code fence can override it with a `bare` or `bar` meta flag. (default: `"bar"`)
           */
          chrome?: 'bar' | 'bare';
          /**
           * `false` removes the copy button; `hover` (bare chrome only) reveals it on hover or keyboard focus. (default: `true`)
           */
          copyButton?: boolean | ('always' | 'hover');
          /**
           * Extra highlighting languages.
           */
          languages?: {
            /**
             * Paths of TextMate grammar JSON files, relative to the project root.
             */
            custom?: string[];
          };
        };
    /**
     * Loads math rendering on every page, even when no page seems to use it.
     */
    latex?: boolean;
  };
  /**
   * Error pages.
   */
  errors?: {
    /**
     * The page shown for unknown paths.
     */
    '404'?: {
      /**
       * `true` redirects unknown paths to the closest navigable page; `false` shows the 404 page. (default: `false`)
       */
      redirect?: boolean;
      /**
       * Title of the 404 page.
       */
      title?: string;
      /**
       * Text of the 404 page; MDX is allowed.
       */
      description?: string;
    };
  };
  /**
   * The per-page Copy page menu. Omit it to show all five built-in actions.
   */
  contextual?: {
    /**
     * Menu entries, in order: built-in action ids or custom entries. `[]` hides the menu. (default: `["copy","copy-url","view","assistant-a","assistant-b"]`)
     */
    options?: (
      | (
          | 'copy'
          | 'copy-url'
          | 'view'
          | 'assistant-a'
          | 'assistant-b'
          | 'assistant'
          | 'download-pdf'
          | 'download-spec'
          | 'chatgpt'
          | 'claude'
          | 'perplexity'
          | 'grok'
          | 'aistudio'
          | 'devin'
          | 'devin-desktop'
          | 'windsurf'
          | 'mcp'
          | 'add-mcp'
          | 'cursor'
          | 'vscode'
          | 'devin-mcp'
        )
      | ContextualOption
    )[];
    /**
     * Where the menu is shown: in the page `header`, or in the table of contents (`toc`). (default: `"header"`)
     */
    display?: 'header' | 'toc';
  };
  /**
   * Search.
   */
  search?: {
    /**
     * Placeholder text of the search input.
     */
    prompt?: string;
  };
  /**
   * Social cards (Open Graph and Twitter preview images), 1200x630, generated per page. Generation needs `siteUrl`.
   */
  thumbnails?: {
    /**
     * `false` turns card generation off. (default: `true`)
     */
    enabled?: boolean;
    /**
     * Card background: a hex colour (defaults to the surface colour of the theme), or the path or URL of a background image (the form projects written for Mintlify use).
     */
    background?: HexColor | string;
    /**
     * Accent colour of the card; defaults to `colors.primary`.
     */
    accent?: HexColor;
    /**
     * One static image used as `og:image` on every page instead of generated cards.
     */
    image?: string;
    /**
     * Colour mode of the generated cards.
     */
    appearance?: 'light' | 'dark';
    /**
     * Font of the generated cards.
     */
    fonts?: {
      /**
       * Font family name.
       */
      family: string;
    };
  };
  /**
   * Extra `<meta>` tags on every page: name to content. `timestamp` is a switch instead of a tag.
   */
  metadata?: {
    /**
     * Shows the last-modified date of each page, taken from version control. (default: `false`)
     */
    timestamp?: boolean;
    /**
     * Content of the meta tag.
     */
    [k: string]: string | boolean | undefined;
  };
  /**
   * Icons.
   */
  icons?: {
    /**
     * Icon library of the `<Icon>` component and every `icon` field. (default: `"library-a"`)
     */
    library?: IconLibrary;
  };
  /**
   * Makes the site readable without signing in when authentication is configured.
   */
  public?: boolean;
  /**
   * Navigation interaction.
   */
  interaction?: {
    /**
     * Opens the first page of a group when a reader expands the group (default: the group only expands). A group's own `drilldown` overrides it.
     */
    drilldown?: boolean;
  };
  /**
   * Values substituted for `{{name}}` placeholders in page content at build time.
   */
  variables?: {
    /**
     * Value substituted for the placeholder.
     */
    [k: string]: string;
  };
  /**
   * Markdown served to AI agents (Markdown twins, llms.txt).
   */
  markdown?: {
    /**
     * Includes the full spec in the Markdown twin of API pages. (default: `true`)
     */
    schema?: boolean;
    /**
     * Instructions for AI agents, written as an `Agent Instructions` block at the end of every Markdown twin, after the header of llms.txt and llms-full.txt, and in the generated skill.md; a list is joined with line breaks.
     */
    instructions?: string | string[];
  };
  /**
   * Content variations the reader switches between (accepted for projects written for the hosted platform).
   */
  variations?: {
    /**
     * The variations; the first is the default.
     *
     * @minItems 1
     *
     * Items: One variation.
     */
    options: {
      /**
       * Stable id of the variation.
       */
      id: string;
      /**
       * Label shown in the switcher.
       */
      label: string;
    }[];
  };
}
/**
 * A hex colour per colour mode.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "lightDarkColor".
 */
export interface LightDarkColor {
  /**
   * Colour used in light mode.
   */
  light?: HexColor;
  /**
   * Colour used in dark mode.
   */
  dark?: HexColor;
}
/**
 * An OpenAPI spec with options.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "openapiSource".
 */
export interface OpenapiSource {
  /**
   * Path (relative to the project root) or http(s) URL of the OpenAPI spec, JSON or YAML.
   */
  source: string;
  /**
   * Directory, relative to the project root, under which the generated pages are placed.
   */
  directory?: string;
  /**
   * OpenAPI Overlay documents applied to the spec in order; an empty array turns off automatically discovered overlays.
   */
  overlays?: string[];
}
/**
 * An AsyncAPI spec with options.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "asyncapiSource".
 */
export interface AsyncapiSource {
  /**
   * Path (relative to the project root) or http(s) URL of the AsyncAPI spec, JSON or YAML.
   */
  source: string;
  /**
   * Directory, relative to the project root, under which the generated pages are placed.
   */
  directory?: string;
}
/**
 * SDK reference pages generated from the output of a documentation generator.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "sdkReference".
 */
export interface SdkReference {
  /**
   * Documentation generator that produced `source`.
   */
  format: 'typedoc' | 'docfx' | 'javadoc' | 'sphinx' | 'phpdoc';
  /**
   * Path of the generator output, relative to the project root.
   */
  source: string;
  /**
   * Directory under which the generated pages are placed.
   */
  directory?: string;
}
/**
 * Site navigation. Use plain `pages`, `groups`, or the structured divisions (tabs, anchors, dropdowns, versions, languages, products); they may be combined and nested.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "navigation".
 */
export interface Navigation {
  /**
   * Pages of the sidebar without a group: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups, each with a label and its pages.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Top-level tabs; each holds its own pages, groups or other divisions.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Anchors: prominent links at the top of the sidebar, to external URLs or to sections of their own.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Dropdowns: a menu at the top of the sidebar switching between sections.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Versions: the reader picks one with a version selector; children are scoped to that version.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Languages: the reader picks one with a language selector; children are scoped to that locale.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Products: the reader switches between products with a product selector.
   */
  products?: (Product | SourceRef)[];
  /**
   * Entries shown in every version and every language variant.
   */
  global?: GlobalNavigation;
  /**
   * Automatic directory UI on group root pages; inherited and overridable at any level.
   */
  directory?: Directory;
}
/**
 * Navigation entries shown in every version and every language variant; each usually sets `href`.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "globalNavigation".
 */
export interface GlobalNavigation {
  /**
   * Tabs shown everywhere.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Anchors shown everywhere.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Dropdowns shown everywhere.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Versions shown in every language, usually linking to other sites with `href`.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Languages shown in every version, usually linking to other domains with `href`.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Products shown everywhere.
   */
  products?: (Product | SourceRef)[];
}
/**
 * A sidebar group: a label and its pages, which may include nested groups. A group with `openapi` or `asyncapi` may leave out `pages`: the spec's pages fill it. So may a group with `sdk`, as on the hosted platform; docsgen makes no SDK pages, so such a group shows only the pages it lists.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "group".
 */
export interface Group {
  /**
   * Label of the group in the sidebar.
   */
  group: string;
  /**
   * Pages of the group: page paths, or nested groups. Required unless the group has `openapi`, `asyncapi` or `sdk`.
   */
  pages?: Pages;
  /**
   * Icon shown next to the group label.
   */
  icon?: Icon;
  /**
   * Removes the group from the rendered sidebar; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Page opened when the group label is clicked.
   */
  root?: Page;
  /**
   * Short badge shown next to the group label, such as `NEW`.
   */
  tag?: string;
  /**
   * Shows a nested group expanded when the page loads (top-level groups are always open). (default: `false`)
   */
  expanded?: boolean;
  /**
   * Opens the group's first page when a reader expands the group; overrides `interaction.drilldown` for this group.
   */
  drilldown?: boolean;
  /**
   * Makes the group readable without signing in when the site requires authentication.
   */
  public?: boolean;
  /**
   * Search ranking multiplier for the pages of the group.
   */
  boost?: number;
  /**
   * Keeps the pages of a hidden group in search, the sitemap and llms.txt.
   */
  searchable?: boolean;
  /**
   * Automatic directory UI on the root page of this group and groups below.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this group.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this group; ignored when `openapi` is set.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * SDK reference pages generated into this group.
   */
  sdk?: SdkReference;
}
/**
 * A top-level tab. It holds pages, groups or other divisions, or links elsewhere with `href`.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "tab".
 */
export interface Tab {
  /**
   * Label of the tab.
   */
  tab: string;
  /**
   * Icon shown next to the tab label.
   */
  icon?: Icon;
  /**
   * Removes the tab from the rendered navigation; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Link target: makes the entry an external or internal link instead of (or besides) holding pages.
   */
  href?: Href;
  /**
   * Automatic directory UI on the root pages of groups below; inherited by nested divisions.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this division.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this division.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * Side of the tab bar the tab is placed on. (default: `"start"`)
   */
  align?: 'start' | 'end';
  /**
   * Keeps the pages of a hidden tab in search, the sitemap and llms.txt.
   */
  searchable?: boolean;
  /**
   * GraphQL schema whose types and operations become pages of this tab.
   */
  graphql?: GraphqlSpec;
  /**
   * SDK reference pages generated into this tab.
   */
  sdk?: SdkReference;
  /**
   * Pages of this division: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups of this division.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Anchors nested inside this division.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Dropdowns nested inside this division.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Versions nested inside this division; the reader picks one with a version selector.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Languages nested inside this division; the reader picks one with a language selector.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Products nested inside this division.
   */
  products?: (Product | SourceRef)[];
  /**
   * Items of a multi-column dropdown menu shown on this division.
   */
  menu?: (MenuItem | SourceRef)[];
  /**
   * Entries shown in every version and language variant inside this tab.
   */
  global?: GlobalNavigation;
}
/**
 * An anchor: a prominent link at the top of the sidebar. It links with `href`, or holds pages and divisions of its own.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "anchor".
 */
export interface Anchor {
  /**
   * Label of the anchor.
   */
  anchor: string;
  /**
   * Icon shown next to the label.
   */
  icon?: Icon;
  /**
   * Removes the division from the rendered navigation; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Link target of the anchor; required unless the anchor holds pages or divisions.
   */
  href?: Href;
  /**
   * Automatic directory UI on the root pages of groups below; inherited by nested divisions.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this division.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this division.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * Accent colour of the entry: one hex colour, or one per colour mode.
   */
  color?: NavColor;
  /**
   * Pages of this division: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups of this division.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Tabs nested inside this division.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Dropdowns nested inside this division.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Versions nested inside this division; the reader picks one with a version selector.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Languages nested inside this division; the reader picks one with a language selector.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Products nested inside this division.
   */
  products?: (Product | SourceRef)[];
}
/**
 * A dropdown entry at the top of the sidebar, switching to its own pages and divisions or linking with `href`.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "dropdown".
 */
export interface Dropdown {
  /**
   * Label of the dropdown entry.
   */
  dropdown: string;
  /**
   * Short description shown under the dropdown label.
   */
  description?: string;
  /**
   * Icon shown next to the label.
   */
  icon?: Icon;
  /**
   * Removes the division from the rendered navigation; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Link target: makes the entry an external or internal link instead of (or besides) holding pages.
   */
  href?: Href;
  /**
   * Automatic directory UI on the root pages of groups below; inherited by nested divisions.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this division.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this division.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * Accent colour of the entry: one hex colour, or one per colour mode.
   */
  color?: NavColor;
  /**
   * Pages of this division: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups of this division.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Tabs nested inside this division.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Anchors nested inside this division.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Versions nested inside this division; the reader picks one with a version selector.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Languages nested inside this division; the reader picks one with a language selector.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Products nested inside this division.
   */
  products?: (Product | SourceRef)[];
}
/**
 * A product: the reader switches between products with a product selector.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "product".
 */
export interface Product {
  /**
   * Label of the product.
   */
  product: string;
  /**
   * Display name of the product when it differs from `product`.
   */
  name?: string;
  /**
   * Short description shown under the product label.
   */
  description?: string;
  /**
   * Icon shown next to the label.
   */
  icon?: Icon;
  /**
   * Removes the division from the rendered navigation; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Link target: makes the entry an external or internal link instead of (or besides) holding pages.
   */
  href?: Href;
  /**
   * Automatic directory UI on the root pages of groups below; inherited by nested divisions.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this division.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this division.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * Accent colour of the entry: one hex colour, or one per colour mode.
   */
  color?: NavColor;
  /**
   * Pages of this division: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups of this division.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Tabs nested inside this division.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Anchors nested inside this division.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Dropdowns nested inside this division.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Versions nested inside this division; the reader picks one with a version selector.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Languages nested inside this division; the reader picks one with a language selector.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Items of a multi-column dropdown menu shown on this division.
   */
  menu?: (MenuItem | SourceRef)[];
}
/**
 * A documentation version; the reader picks one with the version selector and its children are scoped to it.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "version".
 */
export interface Version {
  /**
   * Label of the version, shown in the version selector.
   */
  version: string;
  /**
   * Makes this the version shown first; without it the first version is the default. (default: `false`)
   */
  default?: boolean;
  /**
   * Short badge shown next to the version label, such as `Latest`.
   */
  tag?: string;
  /**
   * Icon shown next to the label.
   */
  icon?: Icon;
  /**
   * Removes the division from the rendered navigation; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Link target: makes the entry an external or internal link instead of (or besides) holding pages.
   */
  href?: Href;
  /**
   * Automatic directory UI on the root pages of groups below; inherited by nested divisions.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this division.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this division.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * Pages of this division: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups of this division.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Tabs nested inside this division.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Anchors nested inside this division.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Dropdowns nested inside this division.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Languages nested inside this division; the reader picks one with a language selector.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Products nested inside this division.
   */
  products?: (Product | SourceRef)[];
  /**
   * Navigation entries shown across every language of this version, as the root `global` does for the whole site.
   */
  global?: GlobalNavigation;
}
/**
 * A language variant; the reader picks one with the language selector and its children are scoped to that locale.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "language".
 */
export interface Language {
  /**
   * Language code of the variant: one of the common codes, or any BCP 47 tag such as `en-US`.
   */
  language:
    | (
        | 'en'
        | 'cn'
        | 'zh'
        | 'zh-Hans'
        | 'zh-Hant'
        | 'zh-CN'
        | 'zh-TW'
        | 'es'
        | 'fr'
        | 'fr-CA'
        | 'fr-ca'
        | 'ja'
        | 'jp'
        | 'ja-jp'
        | 'ja-JP'
        | 'pt'
        | 'pt-BR'
        | 'de'
        | 'ko'
        | 'it'
        | 'ru'
        | 'ro'
        | 'cs'
        | 'id'
        | 'ar'
        | 'tr'
        | 'hi'
        | 'sv'
        | 'no'
        | 'da'
        | 'lv'
        | 'nl'
        | 'uk'
        | 'vi'
        | 'pl'
        | 'uz'
        | 'he'
        | 'ca'
        | 'fi'
        | 'hu'
      )
    | string;
  /**
   * Makes this the language shown first; without it the first language is the default. (default: `false`)
   */
  default?: boolean;
  /**
   * Banner of this language, replacing the top-level `banner`.
   */
  banner?: Banner;
  /**
   * Footer of this language, replacing the top-level `footer`.
   */
  footer?: Footer;
  /**
   * Top navigation bar of this language, replacing the top-level `navbar`.
   */
  navbar?: Navbar;
  /**
   * Icon shown next to the label.
   */
  icon?: Icon;
  /**
   * Removes the division from the rendered navigation; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Link target: makes the entry an external or internal link instead of (or besides) holding pages.
   */
  href?: Href;
  /**
   * Automatic directory UI on the root pages of groups below; inherited by nested divisions.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this division.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this division.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * Pages of this division: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups of this division.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Tabs nested inside this division.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Anchors nested inside this division.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Dropdowns nested inside this division.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Versions nested inside this division; the reader picks one with a version selector.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Products nested inside this division.
   */
  products?: (Product | SourceRef)[];
  /**
   * Navigation entries shown across every version of this language, as the root `global` does for the whole site.
   */
  global?: GlobalNavigation;
}
/**
 * An item of the multi-column dropdown menu of a tab or product.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "menuItem".
 */
export interface MenuItem {
  /**
   * Label of the menu item.
   */
  item: string;
  /**
   * Short description shown under the menu item label.
   */
  description?: string;
  /**
   * Icon shown next to the label.
   */
  icon?: Icon;
  /**
   * Removes the division from the rendered navigation; its pages stay reachable by URL. (default: `false`)
   */
  hidden?: boolean;
  /**
   * Link target: makes the entry an external or internal link instead of (or besides) holding pages.
   */
  href?: Href;
  /**
   * Automatic directory UI on the root pages of groups below; inherited by nested divisions.
   */
  directory?: Directory;
  /**
   * OpenAPI spec(s) whose operations become pages of this division.
   */
  openapi?: OpenapiSpec;
  /**
   * AsyncAPI spec(s) whose channels become pages of this division.
   */
  asyncapi?: AsyncapiSpec;
  /**
   * Pages of this division: page paths, or nested groups.
   */
  pages?: Pages;
  /**
   * Sidebar groups of this division.
   */
  groups?: (Group | SourceRef)[];
  /**
   * Tabs nested inside this division.
   */
  tabs?: (Tab | SourceRef)[];
  /**
   * Anchors nested inside this division.
   */
  anchors?: (Anchor | SourceRef)[];
  /**
   * Dropdowns nested inside this division.
   */
  dropdowns?: (Dropdown | SourceRef)[];
  /**
   * Versions nested inside this division; the reader picks one with a version selector.
   */
  versions?: (Version | SourceRef)[];
  /**
   * Languages nested inside this division; the reader picks one with a language selector.
   */
  languages?: (Language | SourceRef)[];
  /**
   * Products nested inside this division.
   */
  products?: (Product | SourceRef)[];
}
/**
 * A link in the top navigation bar. `label` is required unless `type` is set.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "navbarLink".
 */
export interface NavbarLink {
  /**
   * Text of the link.
   */
  label?: string;
  /**
   * Link target.
   */
  href: Href;
  /**
   * Icon shown before the label.
   */
  icon?: Icon;
  /**
   * Renders the link as an icon for a known service; `label` becomes optional.
   */
  type?: 'github' | 'discord';
}
/**
 * Links and the call-to-action button of the top navigation bar.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "navbar".
 */
export interface Navbar {
  /**
   * Inline links, in order.
   */
  links?: NavbarLink[];
  /**
   * Primary call to action at the right end of the bar: a labelled button, or an icon-only repository or community button.
   */
  primary?: {
    /**
     * `button` shows `label`; `github` and `discord` show the service icon (and `label` when set).
     */
    type: 'button' | 'github' | 'discord';
    /**
     * Text of the button; required when `type` is `button`.
     */
    label?: string;
    /**
     * Link target.
     */
    href: Href;
  };
}
/**
 * A link in a footer column.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "footerLink".
 */
export interface FooterLink {
  /**
   * Text of the link.
   */
  label: string;
  /**
   * Link target.
   */
  href: Href;
  /**
   * Icon shown before the label.
   */
  icon?: Icon;
}
/**
 * Footer of every page: social links, link columns, last-updated timestamp and edit link.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "footer".
 */
export interface Footer {
  /**
   * Social profile links: icon name to URL, shown as icons.
   */
  socials?: {
    /**
     * URL of the x profile.
     */
    x?: string;
    /**
     * URL of the website profile.
     */
    website?: string;
    /**
     * URL of the facebook profile.
     */
    facebook?: string;
    /**
     * URL of the youtube profile.
     */
    youtube?: string;
    /**
     * URL of the discord profile.
     */
    discord?: string;
    /**
     * URL of the slack profile.
     */
    slack?: string;
    /**
     * URL of the github profile.
     */
    github?: string;
    /**
     * URL of the linkedin profile.
     */
    linkedin?: string;
    /**
     * URL of the instagram profile.
     */
    instagram?: string;
    /**
     * URL of the hacker-news profile.
     */
    'hacker-news'?: string;
    /**
     * URL of the medium profile.
     */
    medium?: string;
    /**
     * URL of the telegram profile.
     */
    telegram?: string;
    /**
     * URL of the twitter profile.
     */
    twitter?: string;
    /**
     * URL of the x-twitter profile.
     */
    'x-twitter'?: string;
    /**
     * URL of the earth-americas profile.
     */
    'earth-americas'?: string;
    /**
     * URL of the bluesky profile.
     */
    bluesky?: string;
    /**
     * URL of the threads profile.
     */
    threads?: string;
    /**
     * URL of the reddit profile.
     */
    reddit?: string;
    /**
     * URL of the podcast profile.
     */
    podcast?: string;
    /**
     * URL of the profile shown with this icon name.
     */
    [k: string]: string | undefined;
  };
  /**
   * Columns of links, each with an optional header.
   *
   * Items: A column of footer links.
   */
  links?: {
    /**
     * Heading of the column.
     */
    header?: string;
    /**
     * Links of the column.
     */
    items: FooterLink[];
  }[];
  /**
   * Shows a last-updated timestamp in the footer of every page. (default: `false`)
   */
  lastUpdated?: boolean;
  /**
   * Edit-this-page URL template; `{path}` is replaced by the path of the page file.
   */
  editUrl?: string;
  /**
   * Repository URL. Derives `editUrl` when that is unset; defaults to the origin remote of the project repository.
   */
  repo?: string;
}
/**
 * Site-wide announcement bar above the top navigation.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "banner".
 */
export interface Banner {
  /**
   * Body of the banner: MDX-flavoured text (links, bold, italic).
   */
  content: string;
  /**
   * Lets the reader close the banner; the dismissal is remembered in the browser. (default: `false`)
   */
  dismissible?: boolean;
  /**
   * Stable id of the banner, used as the storage key of the dismissal; change it to show the banner again.
   */
  id?: string;
  /**
   * Colour tone of the banner. `critical` is accepted for projects written for the hosted platform. (default: `"info"`)
   */
  type?: 'info' | 'warning' | 'success' | 'critical';
  /**
   * Background colour of the banner, per colour mode.
   */
  color?: LightDarkColor;
}
/**
 * A font: family name plus, for self-hosted fonts, the file and its format.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "fontDetails".
 */
export interface FontDetails {
  /**
   * Font family name, such as `Inter`.
   */
  family: string;
  /**
   * Font weight (`400`), or a range for a variable font (`"400 700"`).
   */
  weight?: FontWeight;
  /**
   * URL, or path under the project root, of the font file; without it the family must be installed or loaded otherwise.
   */
  source?: string;
  /**
   * Format of the font file, including the variable-font formats.
   */
  format?: FontFormat;
}
/**
 * A font for all text (`family`, with `weight`, `source` and `format` for a self-hosted one); `heading` and `body` give headings or body text a font of their own.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "fontSettings".
 */
export interface FontSettings {
  /**
   * Font family name, such as `Inter`.
   */
  family: string;
  /**
   * Font weight (`400`), or a range for a variable font (`"400 700"`).
   */
  weight?: FontWeight;
  /**
   * URL, or path under the project root, of the font file; without it the family must be installed or loaded otherwise.
   */
  source?: string;
  /**
   * Format of the font file, including the variable-font formats.
   */
  format?: FontFormat;
  /**
   * Font of headings (in place of `family` for them).
   */
  heading?: FontDetails;
  /**
   * Font of body text (in place of `family` for it).
   */
  body?: FontDetails;
}
/**
 * Authentication of the try-it form.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "apiAuth".
 */
export interface ApiAuth {
  /**
   * Auth scheme: `bearer` sends `Authorization: Bearer <token>`, `basic` sends basic credentials, `key` sends an API key in the header named by `name`, `none` sends nothing. `cobo` is accepted for projects written for the hosted platform.
   */
  method?: 'bearer' | 'basic' | 'key' | 'none' | 'cobo';
  /**
   * Header name of the API key when `method` is `key`.
   */
  name?: string;
}
/**
 * A custom entry of the per-page Copy page menu.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "contextualOption".
 */
export interface ContextualOption {
  /**
   * Label of the entry.
   */
  title: string;
  /**
   * Second line of the entry.
   */
  description: string;
  /**
   * Icon of the entry.
   */
  icon?: Icon;
  /**
   * Link target. `$page` (page Markdown), `$path` (page path) and `$mcp` (agent server URL) are replaced in the value.
   */
  href:
    | string
    | {
        /**
         * Base URL.
         */
        base: string;
        /**
         * Query parameters, in order.
         *
         * Items: One query parameter.
         */
        query?: {
          /**
           * Parameter name.
           */
          key: string;
          /**
           * Parameter value; placeholders are replaced.
           */
          value: string;
        }[];
      };
}
/**
 * Options of the Adobe Analytics provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsAdobe".
 */
export interface AnalyticsAdobe {
  /**
   * URL of the Adobe Launch script.
   */
  launchUrl: string;
}
/**
 * Options of the Amplitude provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsAmplitude".
 */
export interface AnalyticsAmplitude {
  /**
   * Amplitude API key.
   */
  apiKey: string;
}
/**
 * Options of the Microsoft Clarity provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsClarity".
 */
export interface AnalyticsClarity {
  /**
   * Clarity project id.
   */
  projectId: string;
}
/**
 * Options of the Clearbit provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsClearbit".
 */
export interface AnalyticsClearbit {
  /**
   * Clearbit public API key.
   */
  publicApiKey: string;
}
/**
 * Options of the Fathom provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsFathom".
 */
export interface AnalyticsFathom {
  /**
   * Fathom site id.
   */
  siteId: string;
}
/**
 * Options of the Google Analytics 4 provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsGa4".
 */
export interface AnalyticsGa4 {
  /**
   * Measurement id, starting with `G`.
   */
  measurementId: string;
}
/**
 * Options of the Google Tag Manager provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsGtm".
 */
export interface AnalyticsGtm {
  /**
   * Container or tag id, such as `GTM-XXXXXXX`.
   */
  tagId: string;
}
/**
 * Options of the Heap provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsHeap".
 */
export interface AnalyticsHeap {
  /**
   * Heap app id.
   */
  appId: string;
}
/**
 * Options of the Hightouch provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsHightouch".
 */
export interface AnalyticsHightouch {
  /**
   * Hightouch write key.
   */
  writeKey: string;
  /**
   * API host of the Hightouch instance.
   */
  apiHost?: string;
}
/**
 * Options of the Hotjar provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsHotjar".
 */
export interface AnalyticsHotjar {
  /**
   * Hotjar site id.
   */
  hjid: string | number;
  /**
   * Hotjar snippet version.
   */
  hjsv: string | number;
}
/**
 * Options of the Koala provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsKoala".
 */
export interface AnalyticsKoala {
  /**
   * Koala public API key.
   */
  publicApiKey: string;
}
/**
 * Options of the LogRocket provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsLogrocket".
 */
export interface AnalyticsLogrocket {
  /**
   * LogRocket app id (`org/app`).
   */
  appId: string;
}
/**
 * Options of the Mixpanel provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsMixpanel".
 */
export interface AnalyticsMixpanel {
  /**
   * Mixpanel project token.
   */
  projectToken: string;
  /**
   * Data residency region of the Mixpanel project.
   */
  region?: 'us' | 'eu' | 'in';
}
/**
 * Options of the Pirsch provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsPirsch".
 */
export interface AnalyticsPirsch {
  /**
   * Pirsch identification code.
   */
  id: string;
}
/**
 * Options of the PostHog provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsPosthog".
 */
export interface AnalyticsPosthog {
  /**
   * PostHog project API key, starting with `phc_`.
   */
  apiKey: string;
  /**
   * URL of the PostHog instance.
   */
  apiHost?: string;
  /**
   * Records sessions in PostHog. (default: `false`)
   */
  sessionRecording?: boolean;
}
/**
 * Options of the Plausible provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsPlausible".
 */
export interface AnalyticsPlausible {
  /**
   * Site domain as registered in Plausible, without `https://`.
   */
  domain: string;
  /**
   * Host of a self-hosted Plausible server, without `https://`.
   */
  server?: string;
}
/**
 * Options of the Segment provider.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "analyticsSegment".
 */
export interface AnalyticsSegment {
  /**
   * Segment write key.
   */
  key: string;
  /**
   * https URL of a custom Segment CDN.
   */
  cdnUrl?: string;
}
/**
 * The hosted platform's multi-repository deployments: the navigation of another repository (`owner/repo`) placed here. docsgen builds one project's files, so the entry is left out with a warning.
 *
 * This interface was referenced by `DocsConfig`'s JSON-Schema
 * via the `definition` "sourceRef".
 */
export interface SourceRef {
  /**
   * Repository whose navigation goes here, as `owner/repo`.
   */
  sourceRef: string;
}
