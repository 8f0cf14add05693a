import { applyDefaults, copy } from './apply-defaults.js';
import { suggest } from '@docsgen/util/did-you-mean';
import type { DocsConfig } from './generated/docs-config.js';
import type { JsonPath } from './json-source.js';
import { createMessage, type DocsgenMessage, type SourceLocation } from './message.js';
import { docsSchema } from './schema.js';
import { deref, isPlainObject, type SchemaNode } from './schema-tools.js';

/** Themes docsgen ships (SPEC: theme; issue 24 adds the platform's `maple`, `linden`, `aspen` and `luma`). */
export type ThemeName = 'base' | 'pith' | 'pip' | 'readable' | 'theme-e' | 'maple' | 'linden' | 'aspen' | 'luma';

/**
 * The hosted platform's theme names that docsgen ships under another name: each resolves to the
 * docsgen theme with the look the platform describes for it (SPEC: theme, Versioning 3).
 */
export const themeAliases: Readonly<Record<string, ThemeName>> = Object.freeze({
  mint: 'base',
  willow: 'base',
  almond: 'base',
  sequoia: 'base',
  palm: 'base',
});

type Present<T> = Exclude<T, undefined>;

/**
 * The configuration the rest of docsgen receives: every schema default applied, theme
 * resolved, analytics from `integrations` merged, `metadata` split. Objects below whose
 * fields have defaults are always present.
 */
export interface ResolvedDocsConfig
  extends Omit<DocsConfig, 'favicon' | 'theme' | 'metadata' | 'analytics' | 'api' | 'appearance' | 'code' | 'styling' | 'errors' | 'contextual' | 'thumbnails' | 'icons' | 'seo' | 'footer'> {
  /** The theme used: a shipped theme; an alias becomes its theme, an unknown name `base`. */
  theme: ThemeName;
  /** The `theme` as written in docs.json, if any. */
  themeInput: string | undefined;
  /** Extra `<meta>` tags: the string entries of `metadata` (`timestamp` is `lastUpdated`). */
  metadata: Record<string, string>;
  /** Show a last-updated date on pages: `footer.lastUpdated`, else `metadata.timestamp`. */
  lastUpdated: boolean;
  /** Analytics providers, from `analytics` and, for the same provider keys, `integrations`. */
  analytics: Present<DocsConfig['analytics']>;
  api: Present<DocsConfig['api']>;
  appearance: Present<DocsConfig['appearance']>;
  code: Present<DocsConfig['code']>;
  styling: Present<DocsConfig['styling']>;
  errors: Present<DocsConfig['errors']>;
  contextual: Present<DocsConfig['contextual']>;
  thumbnails: Present<DocsConfig['thumbnails']>;
  icons: Present<DocsConfig['icons']>;
  seo: Present<DocsConfig['seo']>;
  footer: Present<DocsConfig['footer']>;
  /**
   * `favicon` in one shape: the file for light mode (or for both), and the dark-mode file
   * when docs.json gives the `{ light, dark }` form.
   */
  favicon: { light: string; dark: string | undefined } | undefined;
  /** Code blocks as read from `styling.codeblocks` (either form) over `code`. */
  codeBlocks: ResolvedCodeBlocks;
}

/** What code blocks look like, from `styling.codeblocks` and `code`, every default applied. */
export interface ResolvedCodeBlocks {
  /** `styling.codeblocks` as a string (`dark` forces dark code blocks); `system` for the object form. */
  mode: 'system' | 'dark';
  /** Shiki theme per colour mode: `styling.codeblocks.theme`, else `code.theme` (whose schema default is the built-in pair). */
  themes: { light: string; dark: string };
  /** Caption bar or none: `styling.codeblocks.chrome`. */
  chrome: 'bar' | 'bare';
  /** Copy button: `styling.codeblocks.copyButton`, else `code.copyButton`. */
  copyButton: boolean | 'always' | 'hover';
  /** Paths of extra TextMate grammars (`styling.codeblocks.languages.custom`), from the root. */
  customLanguages: string[];
}

export interface ResolveConfigOptions {
  /** Finds where a value was written, for the `unknown-theme` warning (default: no place). */
  locate?: ((path: JsonPath) => SourceLocation | undefined) | null | undefined;
  /** File named in messages without a place (default: none). */
  file?: string | null | undefined;
}

export interface ResolvedConfigResult {
  config: ResolvedDocsConfig;
  /** `unknown-theme` warnings. */
  messages: DocsgenMessage[];
}

// `api.playground.display` values as docsgen's `mode`: docsgen has no signed-in readers, so `auth` shows the form.
const displayModes = new Map([['interactive', 'interactive'], ['simple', 'simple'], ['none', 'hide'], ['auth', 'interactive']]);

/**
 * Turns valid docs.json input into the resolved configuration. Pure: no IO. Expects
 * input that passed `validateConfig` without errors.
 */
export function resolveConfig(input: DocsConfig, options?: ResolveConfigOptions | null): ResolvedConfigResult {
  const root = docsSchema as unknown as SchemaNode;
  const messages: DocsgenMessage[] = [];
  const raw = copy(input) as DocsConfig & Record<string, unknown>;
  const integrations = isPlainObject(raw.integrations) ? raw.integrations : {};
  const analytics: Record<string, unknown> = isPlainObject(raw.analytics) ? { ...raw.analytics } : {};
  const analyticsSchema = deref(propertySchema(root, 'analytics'), root);
  const providers = isPlainObject(analyticsSchema.properties) ? Object.keys(analyticsSchema.properties) : [];
  for (const provider of providers) {
    const given = integrations[provider];
    if (!isPlainObject(given)) continue;
    const existing = analytics[provider];
    // `analytics` wins over `integrations` field by field (COMPAT 1.2: accept both).
    analytics[provider] = isPlainObject(existing) ? { ...given, ...existing } : given;
  }
  raw.analytics = analytics as DocsConfig['analytics'];
  // The platform's `playground.display` is docsgen's `mode` when `mode` is not written: read
  // before defaults, which would fill `mode` with `interactive` and hide it (`mode` wins when both are set).
  const playground = isPlainObject(raw.api) && isPlainObject(raw.api.playground) ? (raw.api.playground as Record<string, unknown>) : undefined;
  if (playground && playground.mode === undefined && typeof playground.display === 'string') {
    const mode = displayModes.get(playground.display);
    if (mode) playground.mode = mode;
  }

  const filled = applyDefaults(root, raw, root) as DocsConfig & Record<string, unknown>;
  const themeInput = typeof input.theme === 'string' ? input.theme : undefined;
  const theme = resolveTheme(themeInput, root);
  if (themeInput !== undefined && theme.isUnknown) {
    // Any unknown name still builds (SPEC: theme); the warning says which theme is used instead.
    const match = suggest(themeInput, theme.names, { maxDistance: 2 });
    const place = options?.locate?.(['theme']);
    messages.push(
      createMessage({
        reason: `Unexpected \`${themeInput}\` in \`theme\`, using \`${theme.name}\``,
        ruleId: 'unknown-theme',
        fatal: false,
        path: 'theme',
        actual: themeInput,
        expected: theme.names,
        note: match ? `Did you mean \`${match}\`?` : `Use one of ${listNames(theme.shipped)}.`,
        file: options?.file ?? undefined,
        ...place,
      }),
    );
  }

  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(isPlainObject(input.metadata) ? input.metadata : {})) {
    if (typeof value === 'string') metadata[key] = value;
  }
  const footer = (isPlainObject(filled.footer) ? filled.footer : {}) as Present<DocsConfig['footer']>;
  const lastUpdated = Boolean(input.footer?.lastUpdated ?? input.metadata?.timestamp ?? footer.lastUpdated);

  // A redirect source or destination written without its leading `/` (`"old/page"`, as some
  // projects do) is the path `/old/page`; a destination with a scheme, or starting with `.` or
  // `#`, is left as written (and checked as it is).
  const fromRoot = (value: unknown, isDestination: boolean): unknown =>
    typeof value === 'string' && /^[^/]/.test(value) && !(isDestination && (/^[a-z][a-z\d+.-]*:/i.test(value) || /^[.#]/.test(value))) ? `/${value}` : value;
  const redirects = Array.isArray(filled.redirects)
    ? filled.redirects.map((rule) => (isPlainObject(rule) ? { ...rule, source: fromRoot(rule.source, false), destination: fromRoot(rule.destination, true) } : rule))
    : filled.redirects;

  const config = {
    ...filled,
    ...(redirects === undefined ? {} : { redirects }),
    theme: theme.name,
    themeInput,
    metadata,
    lastUpdated,
    footer: { ...footer, lastUpdated },
    favicon: resolveFavicon(filled.favicon),
    codeBlocks: resolveCodeBlocks(filled),
  } as ResolvedDocsConfig;
  return { config, messages };
}

function resolveFavicon(favicon: DocsConfig['favicon']): ResolvedDocsConfig['favicon'] {
  if (typeof favicon === 'string') return { light: favicon, dark: undefined };
  return favicon ? { light: favicon.light, dark: favicon.dark } : undefined;
}

/** Reads the filled config: `code.theme`, `code.copyButton` and `styling.codeblocks` carry their schema defaults. */
function resolveCodeBlocks(filled: DocsConfig): ResolvedCodeBlocks {
  const codeblocks = filled.styling?.codeblocks;
  const styled = typeof codeblocks === 'object' && codeblocks !== null ? codeblocks : undefined;
  const theme = styled?.theme ?? filled.code?.theme;
  const themes = typeof theme === 'string' ? { light: theme, dark: theme } : { light: String(theme?.light), dark: String(theme?.dark) };
  return {
    mode: codeblocks === 'dark' ? 'dark' : 'system',
    themes,
    chrome: styled?.chrome ?? 'bar',
    copyButton: styled?.copyButton ?? filled.code?.copyButton ?? true,
    customLanguages: [...(styled?.languages?.custom ?? [])],
  };
}

function propertySchema(root: SchemaNode, key: string): unknown {
  return isPlainObject(root.properties) ? root.properties[key] : undefined;
}

interface ResolvedTheme {
  name: ThemeName;
  /** Every name the schema's theme enum lists: the shipped themes and their aliases. */
  names: string[];
  /** The shipped themes: the enum without the aliases. */
  shipped: string[];
  isUnknown: boolean;
}

/** Shipped theme names come from the schema's theme enum, minus the aliases. */
function resolveTheme(input: string | undefined, root: SchemaNode): ResolvedTheme {
  const schema = deref(propertySchema(root, 'theme'), root);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf.map((branch) => deref(branch, root)) : [schema];
  const names = branches.flatMap((branch) => (Array.isArray(branch.enum) ? branch.enum.map(String) : []));
  const shipped = names.filter((name) => !Object.hasOwn(themeAliases, name));
  const fallback = String(schema.default) as ThemeName;
  const result = (name: ThemeName, isUnknown: boolean): ResolvedTheme => ({ name, names, shipped, isUnknown });
  if (input === undefined) return result(fallback, false);
  if (shipped.includes(input)) return result(input as ThemeName, false);
  if (Object.hasOwn(themeAliases, input)) return result(themeAliases[input]!, false);
  return result(fallback, true);
}

/** `` `a`, `b` or `c` `` */
function listNames(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : (quoted[0] ?? '');
}
