/** @jsxRuntime automatic @jsxImportSource preact */
// Small pieces every region of the layout uses: page URLs, icons, tags, external links.
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { Icon, isImageReference } from '../components/icon.js';
import { loadIcon } from '../icons.js';
import { RenderContext } from '../render-context.js';
import { isExternalHref, sanitizeHref } from '../safe-url.js';
import type { LayoutIcon, LayoutPage } from './types.js';

/** The URL of a page: `/` for the home page (and `index`), else `/<slug>` with each segment encoded. */
export function pageHref(slug: string, homeSlug: string | null | undefined): string {
  if (slug === 'index' || slug === homeSlug) return '/';
  return `/${slug.split('/').map(encodeURIComponent).join('/')}`;
}

/** Where a page's navigation link leads: its frontmatter `url`, else its own address. */
export function pageLinkOf(page: LayoutPage | undefined, slug: string, homeSlug: string | null | undefined): string {
  return (page?.externalUrl && sanitizeHref(page.externalUrl)) || pageHref(slug, homeSlug);
}

/** The icon name or image of a docs.json `icon` value (`"rocket"`, `{name: "rocket"}`, `"/icons/x.svg"`). */
export function iconName(icon: LayoutIcon): string | undefined {
  if (typeof icon === 'string') return icon.trim() || undefined;
  if (icon && typeof icon === 'object' && typeof (icon as { name?: unknown }).name === 'string') return (icon as { name: string }).name.trim() || undefined;
  return undefined;
}

/** The icon style of a docs.json `icon` object (`{name: "github", style: "brands"}`). */
function iconStyle(icon: LayoutIcon): string | undefined {
  if (!icon || typeof icon !== 'object') return undefined;
  const style = (icon as { style?: unknown }).style;
  return typeof style === 'string' ? style : undefined;
}

/** The icon library of a docs.json `icon` object (`{name: "rocket", library: "lucide"}`). */
function iconLibraryOf(icon: LayoutIcon): string | undefined {
  if (!icon || typeof icon !== 'object') return undefined;
  const library = (icon as { library?: unknown }).library;
  return typeof library === 'string' ? library : undefined;
}

/** An icon of the navigation: the library's inline SVG, an image, or nothing for unknown names. */
export function NavIcon(props: { icon: LayoutIcon; class?: string }) {
  const name = iconName(props.icon);
  if (!name) return null;
  // Unknown names render nothing (and warn): the space goes to the label.
  return <Icon icon={name} iconType={iconStyle(props.icon)} library={iconLibraryOf(props.icon)} class={props.class ?? 'dg-nav-icon'} />;
}

/**
 * A docs.json or frontmatter `icon` that names no icon of its library (the object's `library`,
 * else `library`): its name and that library, or `undefined` for a known icon, an image or no
 * icon. The sidebar draws nothing for such an icon (`NavIcon`).
 */
export function findUnknownIcon(icon: LayoutIcon, options?: { library?: string | undefined; iconType?: string | undefined }): { name: string; library: string | undefined } | undefined {
  const name = iconName(icon);
  if (!name || name.startsWith('<') || isImageReference(name)) return undefined;
  const library = iconLibraryOf(icon) ?? options?.library;
  return loadIcon(name, { library, iconType: iconStyle(icon) ?? options?.iconType }) ? undefined : { name, library };
}

/** A small label after a navigation entry (`NEW`, `BETA`, a method). */
export function Tag(props: { text: string | undefined }) {
  if (!props.text) return null;
  return <span class="dg-tag">{props.text}</span>;
}

/** Attributes of a link that may leave the site: external ones open in a new tab, safely. */
export function linkAttributes(href: string): { href: string; target?: string; rel?: string } {
  const safe = sanitizeHref(href) ?? '#';
  return isExternalHref(safe) ? { href: safe, target: '_blank', rel: 'noopener noreferrer' } : { href: safe };
}

/** "(opens in a new tab)" for screen readers, after external links. */
export function ExternalMark(props: { href: string }) {
  if (!isExternalHref(props.href)) return null;
  return (
    <>
      <Icon icon="arrow-up-right" library="lucide" class="dg-external" />
      <span class="dg-sr-only"> (opens in a new tab)</span>
    </>
  );
}

/** Render a piece of the layout with the site's icon library (`icons.library`) in the render context. */
export function renderWithIcons(node: VNode, iconLibrary: string | undefined): string {
  return renderToString(<RenderContext.Provider value={{ iconLibrary }}>{node}</RenderContext.Provider>);
}
