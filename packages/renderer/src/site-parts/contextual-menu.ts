import { escapeHtml } from '@docsgen/util/escape-html';
import { resolveIcon } from '../icons.js';
import { formatUiString, uiStrings, type UiStrings } from '../i18n/ui-strings.js';
import { sanitizeHref } from '../safe-url.js';
import { chevronIcon, copyIcon, externalIcon, fileIcon, linkIcon, sparkleIcon } from './ui-icons.js';

/** A custom entry of the menu (COMPAT 4.3). */
export interface ContextualCustomOption {
  title?: string | null | undefined;
  description?: string | null | undefined;
  /** Icon name (in the site's icon library); default: an external-link glyph. */
  icon?: unknown;
  /** URL template, or a base URL plus query parameters; `$path`, `$page` and `$mcp` are replaced. */
  href?: string | { base?: string | null | undefined; query?: readonly { key?: string; value?: string }[] | null | undefined } | null | undefined;
}

/** docs.json `contextual` (SPEC contextual), or a page's frontmatter `contextual`. */
export interface ContextualConfig {
  /** Actions in order (default: all five built-in actions); `[]` hides the menu. */
  options?: readonly (string | ContextualCustomOption)[] | null | undefined;
  /** Where the layout shows the menu: `header` or `toc` (default: `header`). */
  display?: string | null | undefined;
}

/** The five built-in actions, in their default order. */
export const contextualActions = ['copy', 'copy-url', 'view', 'assistant-a', 'assistant-b'] as const;

/**
 * Every action the menu can show: the five of SPEC contextual, and the ids of the hosted
 * platform that docsgen carries out (COMPAT 4.3). `mcp`, `add-mcp`, `cursor` and `vscode`
 * point at the site's agent server at `/mcp`.
 */
export const contextualMenuActions = [
  ...contextualActions,
  'perplexity',
  'grok',
  'aistudio',
  'devin',
  'mcp',
  'add-mcp',
  'cursor',
  'vscode',
  'download-spec',
] as const;
export type ContextualAction = (typeof contextualMenuActions)[number];

// Ids of projects written for the hosted platform that mean the same action (COMPAT 4.3).
const aliases: Record<string, ContextualAction> = { chatgpt: 'assistant-a', claude: 'assistant-b' };

/** The menu's words by labels table: every page of a language has the same. */
const labelsByTable = new WeakMap<UiStrings, MenuLabels>();

/** The menu's words in a language, from the site's labels table (`i18n/`). */
function menuLabels(language: string | null | undefined): MenuLabels {
  const strings = uiStrings(language);
  let labels = labelsByTable.get(strings);
  if (!labels) labelsByTable.set(strings, (labels = labelsOf(strings)));
  return labels;
}

function labelsOf(strings: UiStrings) {
  return {
    copyPage: strings.copyPage,
    pageActions: strings.pageActions,
    moreActions: strings.morePageActions,
    copyPageDescription: strings.copyPageDescription,
    copyUrl: strings.copyMarkdownLink,
    copyUrlDescription: strings.copyMarkdownLinkDescription,
    view: strings.viewAsMarkdown,
    viewDescription: strings.viewAsMarkdownDescription,
    ask: (tool: string) => formatUiString(strings.openIn, { name: tool }),
    askDescription: strings.askAboutPage,
    mcp: strings.copyMcpUrl,
    mcpDescription: strings.copyMcpUrlDescription,
    addMcp: strings.copyMcpCommand,
    addMcpDescription: strings.copyMcpCommandDescription,
    cursor: formatUiString(strings.connectTo, { name: 'Cursor' }),
    vscode: formatUiString(strings.connectTo, { name: 'VS Code' }),
    connectDescription: strings.connectDescription,
    downloadSpec: strings.downloadSpec,
    downloadSpecDescription: strings.downloadSpecDescription,
  };
}
type MenuLabels = ReturnType<typeof labelsOf>;

/** Assistants opened with a prompt naming the page's Markdown twin: the URL the prompt is appended to. */
const assistants: Partial<Record<ContextualAction, { tool: string; base: string }>> = {
  'assistant-a': { tool: 'ChatGPT', base: 'https://chatgpt.com/?hints=search&q=' },
  'assistant-b': { tool: 'Claude', base: 'https://claude.ai/new?q=' },
  perplexity: { tool: 'Perplexity', base: 'https://www.perplexity.ai/search/new?q=' },
  grok: { tool: 'Grok', base: 'https://grok.com/?q=' },
  aistudio: { tool: 'Google AI Studio', base: 'https://aistudio.google.com/prompts/new_chat?prompt=' },
  devin: { tool: 'Devin', base: 'https://app.devin.ai/?prompt=' },
};

/** The text an assistant is opened with; `site-parts.js` writes the same. */
export function contextualPrompt(twinUrl: string): string {
  return `Read ${twinUrl} so I can ask questions about it.`;
}

/**
 * Install links of an MCP server for two editors: Cursor's deeplink carries the server's
 * config as base64 JSON, VS Code's as URL-encoded JSON. `site-parts.js` builds the same.
 */
export function mcpInstallLink(editor: 'cursor' | 'vscode', name: string, url: string): string {
  if (editor === 'cursor') {
    const json = new TextEncoder().encode(JSON.stringify({ url }));
    return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(btoa(String.fromCharCode(...json)))}`;
  }
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url }))}`;
}

export interface RenderContextualMenuInput {
  /** Site configuration; `contextual` and `name` (the MCP server's name in editors) are read. */
  config: { contextual?: ContextualConfig | null | undefined; name?: string | null | undefined; icons?: { library?: string | null | undefined } | null | undefined };
  /** The page's slug; its Markdown twin is `/<slug>.md`. */
  slug: string;
  /** Absolute URL of the deployed site, for absolute twin and MCP URLs (default: the page's own origin, filled in by `site-parts.js`). */
  siteUrl?: string | null | undefined;
  /** Prefix of the menu's element ids, unique per menu on a page (default: `dg-contextual`). */
  idPrefix?: string | null | undefined;
  /** Where the page's API spec can be downloaded: `download-spec` shows only with it (default: none). */
  specHref?: string | null | undefined;
  /** docs.json language code of the page, for the menu's labels (default: English). */
  language?: string | null | undefined;
}

type Entry =
  | { kind: 'button'; action: 'copy' | 'copy-url' | 'mcp' | 'add-mcp'; title: string; description: string; icon: string }
  | { kind: 'link'; action: string; title: string; description: string; icon: string; href: string; data?: Record<string, string>; isDownload?: boolean };

/**
 * Which actions a `contextual` config shows: omitted → all five; `options: []` → none; a
 * list → its known actions (aliases `chatgpt` → `assistant-a`, `claude` → `assistant-b`) and
 * custom entries, in order, without duplicates. Ids docsgen cannot carry out (`assistant`,
 * `download-pdf`, `devin-desktop`, `windsurf`, `devin-mcp`) are accepted and not shown.
 */
export function resolveContextualOptions(contextual: ContextualConfig | null | undefined): (ContextualAction | ContextualCustomOption)[] {
  const options = contextual?.options;
  if (!Array.isArray(options)) return [...contextualActions];
  const seen = new Set<string>();
  const resolved: (ContextualAction | ContextualCustomOption)[] = [];
  for (const option of options) {
    if (typeof option === 'string') {
      const action = (contextualMenuActions as readonly string[]).includes(option) ? (option as ContextualAction) : aliases[option];
      if (action && !seen.has(action)) {
        seen.add(action);
        resolved.push(action);
      }
    } else if (option && typeof option === 'object') {
      resolved.push(option);
    }
  }
  return resolved;
}

/** The URLs entries are made from. */
interface MenuUrls {
  /** Root-relative path of the page's twin (`/guides/setup.md`). */
  twinPath: string;
  /** The twin's absolute URL when the site URL is known, else `twinPath`. */
  twinUrl: string;
  /** The agent server's absolute URL when the site URL is known, else `/mcp`. */
  mcpUrl: string;
  /** Whether the URLs are absolute (else `site-parts.js` makes them so from the page's origin). */
  isAbsolute: boolean;
  name: string;
  iconLibrary: string | undefined;
  specHref: string | undefined;
  labels: MenuLabels;
}

/**
 * The per-page "Copy page" menu for the layout's `contextualMenu` slot: one `.dg-contextual`
 * element that `site-parts.js` binds once. With `copy` among the options the main button copies
 * the page's Markdown and a second button opens the menu of the others (the WAI-ARIA menu
 * button pattern); without it one button opens the menu.
 *
 * @returns
 *   HTML, or `''` when no option is shown.
 */
export function renderContextualMenu(input: RenderContextualMenuInput): string {
  const twinPath = `/${input.slug.replace(/^\/+|\/+$/g, '').split('/').map(encodeURIComponent).join('/') || 'index'}.md`;
  const siteUrl = typeof input.siteUrl === 'string' && /^https?:\/\//i.test(input.siteUrl) ? input.siteUrl.replace(/\/+$/, '') : undefined;
  const urls: MenuUrls = {
    twinPath,
    twinUrl: siteUrl ? `${siteUrl}${twinPath}` : twinPath,
    mcpUrl: siteUrl ? `${siteUrl}/mcp` : '/mcp',
    isAbsolute: siteUrl !== undefined,
    name: typeof input.config.name === 'string' && input.config.name.trim() !== '' ? input.config.name.trim() : 'docs',
    iconLibrary: input.config.icons?.library ?? undefined,
    specHref: typeof input.specHref === 'string' && input.specHref !== '' ? input.specHref : undefined,
    labels: menuLabels(input.language),
  };
  const { labels } = urls;
  const entries = resolveContextualOptions(input.config.contextual).flatMap((option) => entryOf(option, urls));
  if (entries.length === 0) return '';

  const id = (input.idPrefix ?? 'dg-contextual').replace(/[^\w-]/g, '');
  const display = input.config.contextual?.display === 'toc' ? 'toc' : 'header';
  const copy = entries.find((entry) => entry.kind === 'button' && entry.action === 'copy');
  const rest = entries.filter((entry) => entry !== copy);
  const root = [
    'class="dg-contextual"',
    `data-display="${display}"`,
    `data-twin="${escapeHtml(twinPath)}"`,
    `data-name="${escapeHtml(urls.name)}"`,
    siteUrl ? `data-twin-url="${escapeHtml(urls.twinUrl)}" data-mcp-url="${escapeHtml(urls.mcpUrl)}"` : '',
  ].filter(Boolean);

  let html = `<div ${root.join(' ')}>`;
  if (copy) {
    html += `<button type="button" class="dg-contextual-copy" data-action="copy">${copy.icon}<span class="dg-contextual-label">${escapeHtml(labels.copyPage)}</span></button>`;
  }
  if (rest.length > 0) {
    const label = copy ? ` aria-label="${escapeHtml(labels.moreActions)}"` : '';
    html +=
      `<button type="button" class="dg-contextual-toggle" id="${id}-button" aria-haspopup="menu" aria-expanded="false" aria-controls="${id}-menu"${label}>` +
      (copy ? '' : `<span class="dg-contextual-label">${escapeHtml(labels.pageActions)}</span>`) +
      `${chevronIcon}</button>` +
      `<ul class="dg-contextual-menu" id="${id}-menu" role="menu" aria-labelledby="${id}-button" hidden>` +
      rest.map(renderEntry).join('') +
      '</ul>';
  }
  return `${html}<span class="dg-sr-only" role="status" aria-live="polite"></span></div>`;
}

/** The menu's Lucide glyphs, by name: drawn once, not on every page. */
const lucideGlyphs = new Map<string, string>();

function lucide(name: string): string {
  let glyph = lucideGlyphs.get(name);
  if (glyph === undefined) lucideGlyphs.set(name, (glyph = resolveIcon(name, { library: 'lucide', className: 'dg-glyph' }) ?? externalIcon));
  return glyph;
}

function entryOf(option: ContextualAction | ContextualCustomOption, urls: MenuUrls): Entry[] {
  const { labels } = urls;
  if (typeof option === 'object') return customEntry(option, urls);
  const assistant = assistants[option];
  if (assistant) {
    return [
      {
        kind: 'link',
        action: option,
        title: labels.ask(assistant.tool),
        description: labels.askDescription,
        icon: sparkleIcon,
        href: assistant.base + encodeURIComponent(contextualPrompt(urls.twinUrl)),
        data: { prompt: assistant.base },
      },
    ];
  }
  switch (option) {
    case 'copy':
      return [{ kind: 'button', action: 'copy', title: labels.copyPage, description: labels.copyPageDescription, icon: copyIcon }];
    case 'copy-url':
      return [{ kind: 'button', action: 'copy-url', title: labels.copyUrl, description: labels.copyUrlDescription, icon: linkIcon }];
    case 'view':
      return [{ kind: 'link', action: 'view', title: labels.view, description: labels.viewDescription, icon: fileIcon, href: urls.twinPath }];
    case 'mcp':
      return [{ kind: 'button', action: 'mcp', title: labels.mcp, description: labels.mcpDescription, icon: lucide('server') }];
    case 'add-mcp':
      return [{ kind: 'button', action: 'add-mcp', title: labels.addMcp, description: labels.addMcpDescription, icon: lucide('terminal') }];
    case 'cursor':
    case 'vscode':
      return [
        {
          kind: 'link',
          action: option,
          title: option === 'cursor' ? labels.cursor : labels.vscode,
          description: labels.connectDescription,
          icon: lucide('plug'),
          href: mcpInstallLink(option, urls.name, urls.mcpUrl),
          data: { editor: option },
        },
      ];
    case 'download-spec':
      // Only on a page made from a spec the site publishes (the hosted platform shows it on API pages only).
      return urls.specHref
        ? [{ kind: 'link', action: 'download-spec', title: labels.downloadSpec, description: labels.downloadSpecDescription, icon: lucide('download'), href: urls.specHref, isDownload: true }]
        : [];
    default:
      return [];
  }
}

/** A custom entry; `$path` is the page's path, `$page` the URL of its Markdown twin, `$mcp` the agent server's URL. */
function customEntry(option: ContextualCustomOption, urls: MenuUrls): Entry[] {
  const title = typeof option.title === 'string' ? option.title : '';
  const path = urls.twinPath.slice(0, -3);
  const fill = (value: string, twinUrl: string, mcpUrl: string): string => value.split('$path').join(path).split('$page').join(twinUrl).split('$mcp').join(mcpUrl);
  let template: { base: string; query: [string, string][] } | undefined;
  if (typeof option.href === 'string') {
    template = { base: option.href, query: [] };
  } else if (option.href && typeof option.href.base === 'string') {
    const query = (Array.isArray(option.href.query) ? option.href.query : []).map((pair) => [String(pair?.key ?? ''), String(pair?.value ?? '')] as [string, string]);
    template = { base: option.href.base, query };
  }
  if (title === '' || template === undefined) return [];
  const href = customHref(template, (value) => fill(value, urls.twinUrl, urls.mcpUrl));
  const safe = sanitizeHref(href);
  if (safe === '#' || safe !== href) return [];
  // Without a site URL, `site-parts.js` fills `$page` and `$mcp` again with the page's origin.
  const needsOrigin = !urls.isAbsolute && /\$(page|mcp)/.test(JSON.stringify(template));
  const data = needsOrigin ? { template: JSON.stringify({ base: fill(template.base, '$page', '$mcp'), query: template.query.map(([key, value]) => [key, fill(value, '$page', '$mcp')]) }) } : undefined;
  const icon = typeof option.icon === 'string' ? (resolveIcon(option.icon, { library: urls.iconLibrary, className: 'dg-glyph' }) ?? externalIcon) : externalIcon;
  return [{ kind: 'link', action: 'custom', title, description: typeof option.description === 'string' ? option.description : '', icon, href: safe, ...(data ? { data } : {}) }];
}

/** `base` with its query pairs appended (values filled); `site-parts.js` does the same. */
function customHref(template: { base: string; query: [string, string][] }, fill: (value: string) => string): string {
  const base = fill(template.base);
  const query = template.query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(fill(value))}`).join('&');
  return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
}

function renderEntry(entry: Entry): string {
  const text =
    `${entry.icon}<span class="dg-contextual-text"><span class="dg-contextual-title">${escapeHtml(entry.title)}</span>` +
    (entry.description ? `<span class="dg-contextual-description">${escapeHtml(entry.description)}</span>` : '') +
    '</span>';
  if (entry.kind === 'button') {
    return `<li role="none"><button type="button" role="menuitem" tabindex="-1" data-action="${entry.action}">${text}</button></li>`;
  }
  const data = Object.entries(entry.data ?? {})
    .map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`)
    .join('');
  // Editor links open an app, downloads save a file: neither needs a new tab.
  const target = entry.isDownload ? ' download' : /^https?:|^\//.test(entry.href) && !entry.data?.editor ? ' target="_blank" rel="noopener noreferrer"' : '';
  return `<li role="none"><a role="menuitem" tabindex="-1" data-action="${entry.action}" href="${escapeHtml(entry.href)}"${target}${data}>${text}</a></li>`;
}
