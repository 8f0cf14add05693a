import { escapeHtml } from '@docsgen/util/escape-html';
import { sanitizeHref } from '../safe-url.js';
import { chevronIcon, copyIcon, externalIcon, fileIcon, linkIcon, sparkleIcon } from './ui-icons.js';

/** A custom entry of the menu (COMPAT 4.3). */
export interface ContextualCustomOption {
  title?: string | null | undefined;
  description?: string | null | undefined;
  icon?: unknown;
  /** URL template, or a base URL plus query parameters; `$path` and `$page` are replaced. */
  href?: string | { base?: string | null | undefined; query?: readonly { key?: string; value?: string }[] | null | undefined } | null | undefined;
}

/** docs.json `contextual` (SPEC contextual). */
export interface ContextualConfig {
  /** Actions in order (default: all five built-in actions); `[]` hides the menu. */
  options?: readonly (string | ContextualCustomOption)[] | null | undefined;
  /** Where the layout shows the menu: `header` or `toc` (default: `header`). */
  display?: string | null | undefined;
}

/** The five built-in actions, in their default order. */
export const contextualActions = ['copy', 'copy-url', 'view', 'assistant-a', 'assistant-b'] as const;
export type ContextualAction = (typeof contextualActions)[number];

// Ids of projects written for the hosted platform that mean the same action (COMPAT 4.3).
const aliases: Record<string, ContextualAction> = { chatgpt: 'assistant-a', claude: 'assistant-b' };

export interface RenderContextualMenuInput {
  /** Site configuration; only `contextual` is read. */
  config: { contextual?: ContextualConfig | null | undefined };
  /** The page's slug; its Markdown twin is `/<slug>.md`. */
  slug: string;
  /** Absolute URL of the deployed site, for the twin's absolute URL (default: the page's own origin, filled in by `site-parts.js`). */
  siteUrl?: string | null | undefined;
  /** Prefix of the menu's element ids, unique per menu on a page (default: `dg-contextual`). */
  idPrefix?: string | null | undefined;
}

type Entry =
  | { kind: 'button'; action: 'copy' | 'copy-url'; title: string; description: string; icon: string }
  | { kind: 'link'; action: string; title: string; description: string; icon: string; href: string; prompt?: string };

/**
 * Which actions a `contextual` config shows: omitted → all five; `options: []` → none; a
 * list → its known built-in actions (aliases `chatgpt` → `assistant-a`, `claude` →
 * `assistant-b`) and custom entries, in order, without duplicates. Other ids of the hosted
 * platform are accepted and not shown.
 */
export function resolveContextualOptions(contextual: ContextualConfig | null | undefined): (ContextualAction | ContextualCustomOption)[] {
  const options = contextual?.options;
  if (!Array.isArray(options)) return [...contextualActions];
  const seen = new Set<string>();
  const resolved: (ContextualAction | ContextualCustomOption)[] = [];
  for (const option of options) {
    if (typeof option === 'string') {
      const action = (contextualActions as readonly string[]).includes(option) ? (option as ContextualAction) : aliases[option];
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

/**
 * The per-page "Copy page" menu for the layout's `contextualMenu` slot. With `copy` among
 * the options the main button copies the page's Markdown and a second button opens the menu
 * of the others; without it one button opens the menu. Links (view, assistants, custom
 * entries) work without JavaScript once the menu is open; `site-parts.js` opens it, copies,
 * and handles the keyboard.
 *
 * @returns
 *   HTML, or `''` when no option is shown.
 */
export function renderContextualMenu(input: RenderContextualMenuInput): string {
  const twinPath = `/${input.slug.replace(/^\/+|\/+$/g, '').split('/').map(encodeURIComponent).join('/') || 'index'}.md`;
  const siteUrl = typeof input.siteUrl === 'string' && /^https?:\/\//i.test(input.siteUrl) ? input.siteUrl.replace(/\/+$/, '') : undefined;
  const twinUrl = siteUrl ? `${siteUrl}${twinPath}` : twinPath;
  const entries = resolveContextualOptions(input.config.contextual).flatMap((option) => entryOf(option, twinPath, twinUrl));
  if (entries.length === 0) return '';

  const id = (input.idPrefix ?? 'dg-contextual').replace(/[^\w-]/g, '');
  const display = input.config.contextual?.display === 'toc' ? 'toc' : 'header';
  const copy = entries.find((entry) => entry.kind === 'button' && entry.action === 'copy');
  const rest = entries.filter((entry) => entry !== copy);
  const root = [
    'class="dg-contextual"',
    `data-display="${display}"`,
    `data-twin="${escapeHtml(twinPath)}"`,
    siteUrl ? `data-twin-url="${escapeHtml(twinUrl)}"` : '',
  ].filter(Boolean);

  let html = `<div ${root.join(' ')}>`;
  if (copy) {
    html += `<button type="button" class="dg-contextual-copy" data-action="copy">${copy.icon}<span class="dg-contextual-label">Copy page</span></button>`;
  }
  if (rest.length > 0) {
    const label = copy ? ' aria-label="More page actions"' : '';
    html +=
      `<button type="button" class="dg-contextual-toggle" id="${id}-button" aria-haspopup="menu" aria-expanded="false" aria-controls="${id}-menu"${label}>` +
      (copy ? '' : '<span class="dg-contextual-label">Page actions</span>') +
      `${chevronIcon}</button>` +
      `<ul class="dg-contextual-menu" id="${id}-menu" role="menu" aria-labelledby="${id}-button" hidden>` +
      rest.map(renderEntry).join('') +
      '</ul>';
  }
  return `${html}<span class="dg-sr-only" role="status" aria-live="polite"></span></div>`;
}

function entryOf(option: ContextualAction | ContextualCustomOption, twinPath: string, twinUrl: string): Entry[] {
  const prompt = (url: string): string => `Read ${url} so I can ask questions about it.`;
  switch (option) {
    case 'copy':
      return [{ kind: 'button', action: 'copy', title: 'Copy page', description: 'Copy this page as Markdown for LLMs', icon: copyIcon }];
    case 'copy-url':
      return [{ kind: 'button', action: 'copy-url', title: 'Copy Markdown link', description: 'Copy the URL of the Markdown version', icon: linkIcon }];
    case 'view':
      return [{ kind: 'link', action: 'view', title: 'View as Markdown', description: 'Open this page as plain text', icon: fileIcon, href: twinPath }];
    case 'assistant-a':
      return [
        {
          kind: 'link',
          action: 'assistant-a',
          title: 'Open in ChatGPT',
          description: 'Ask questions about this page',
          icon: sparkleIcon,
          href: `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt(twinUrl))}`,
          prompt: 'https://chatgpt.com/?hints=search&q=',
        },
      ];
    case 'assistant-b':
      return [
        {
          kind: 'link',
          action: 'assistant-b',
          title: 'Open in Claude',
          description: 'Ask questions about this page',
          icon: sparkleIcon,
          href: `https://claude.ai/new?q=${encodeURIComponent(prompt(twinUrl))}`,
          prompt: 'https://claude.ai/new?q=',
        },
      ];
    default:
      return customEntry(option, twinPath, twinUrl);
  }
}

/** A custom entry; `$path` is the page's path, `$page` the URL of its Markdown twin. */
function customEntry(option: ContextualCustomOption, twinPath: string, twinUrl: string): Entry[] {
  const title = typeof option.title === 'string' ? option.title : '';
  // No agent server in docsgen: an entry that needs `$mcp` cannot work and is left out.
  const fill = (value: string): string | undefined => (value.includes('$mcp') ? undefined : value.split('$path').join(twinPath.slice(0, -3)).split('$page').join(twinUrl));
  let href: string | undefined;
  if (typeof option.href === 'string') {
    href = fill(option.href);
  } else if (option.href && typeof option.href.base === 'string') {
    const base = fill(option.href.base);
    const pairs = (Array.isArray(option.href.query) ? option.href.query : []).map((pair) => [String(pair?.key ?? ''), fill(String(pair?.value ?? ''))] as const);
    if (base !== undefined && pairs.every(([, value]) => value !== undefined)) {
      const query = pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value!)}`).join('&');
      href = query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
    }
  }
  const safe = href === undefined ? undefined : sanitizeHref(href);
  if (title === '' || safe === undefined || safe === '#') return [];
  return [{ kind: 'link', action: 'custom', title, description: typeof option.description === 'string' ? option.description : '', icon: externalIcon, href: safe }];
}

function renderEntry(entry: Entry): string {
  const text =
    `${entry.icon}<span class="dg-contextual-text"><span class="dg-contextual-title">${escapeHtml(entry.title)}</span>` +
    (entry.description ? `<span class="dg-contextual-description">${escapeHtml(entry.description)}</span>` : '') +
    '</span>';
  if (entry.kind === 'button') {
    return `<li role="none"><button type="button" role="menuitem" tabindex="-1" data-action="${entry.action}">${text}</button></li>`;
  }
  const prompt = entry.prompt ? ` data-prompt="${escapeHtml(entry.prompt)}"` : '';
  return `<li role="none"><a role="menuitem" tabindex="-1" data-action="${entry.action}" href="${escapeHtml(entry.href)}" target="_blank" rel="noopener noreferrer"${prompt}>${text}</a></li>`;
}
