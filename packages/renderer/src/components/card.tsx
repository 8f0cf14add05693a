/** @jsxRuntime automatic @jsxImportSource preact */
import { isValidElement, type ComponentChildren, type VNode } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseBoolean, parseContent, parseText, rootAttributes, safeCssValue, type PassThroughProps } from '../props.js';
import { isExternalHref, sanitizeHref, sanitizeSrc } from '../safe-url.js';
import { Icon, iconOf } from './icon.js';

export interface CardProps extends PassThroughProps {
  title?: string | VNode;
  /** Icon name or image URL. */
  icon?: string;
  iconType?: string;
  /** Icon colour, a CSS colour. */
  color?: string;
  /** Link target; the whole card becomes the link. */
  href?: string;
  /** Icon beside the text instead of above it (default: `false`). */
  horizontal?: boolean | string;
  /** Image shown at the top of the card. */
  img?: string;
  /** Call-to-action text shown at the bottom. */
  cta?: string | VNode;
  /** Show an arrow (default: only for external links). */
  arrow?: boolean | string;
  /** Callout styling: `info`, `warning`, `note`, `tip`, `check` or `danger`. */
  type?: string;
  children?: ComponentChildren;
}

/** Card types with a colour and a default icon (those of the callouts). */
const typedCards = new Set(['note', 'info', 'warning', 'danger', 'tip', 'check']);

/**
 * A card: an `<a>` when it has an `href` (external links open in a new tab), else a `<div>`.
 * A card with an `href` whose content has links of its own is a `<div>` whose title (else its
 * call to action) is the link, stretched over the card by the stylesheet: a link inside a link
 * is not HTML, and browsers cut the card in pieces where the inner one starts (ClickHouse's
 * install page). Markdown mode: `<p><a href>title</a></p>` (no link without `href`) + content.
 */
export function Card(props: CardProps) {
  const isMarkdown = useIsMarkdown();
  const title = parseContent(props.title);
  const href = sanitizeHref(props.href);

  if (isMarkdown) {
    return (
      <>
        {title !== undefined && <p>{href === undefined ? <strong>{title}</strong> : <a href={href}>{title}</a>}</p>}
        <div>{props.children}</div>
      </>
    );
  }

  const icon = iconOf(props.icon);
  const type = parseText(props.type);
  const isExternal = isExternalHref(href);
  const hasArrow = parseBoolean(props.arrow, isExternal);
  const cta = parseContent(props.cta);
  const img = sanitizeSrc(props.img);
  const attributes = rootAttributes(props, 'dg-card card', { '--dg-card-color': safeCssValue(props.color) });
  const link = href === undefined ? undefined : { href, target: isExternal ? '_blank' : undefined, rel: isExternal ? 'noopener noreferrer' : undefined };
  // The title, else the call to action, carries the link when the content has links.
  const linkOn = link && hasLink(props.children) ? (title !== undefined ? 'title' : cta !== undefined ? 'cta' : undefined) : undefined;
  const body = (
    <>
      {img !== undefined && <img class="dg-card-img" src={img} alt="" loading="lazy" decoding="async" />}
      <div class="dg-card-body">
        {icon === undefined && type !== undefined && typedCards.has(type) ? (
          <span class="dg-card-icon dg-card-glyph" aria-hidden="true" />
        ) : (
          <Icon class="dg-card-icon" icon={icon} iconType={parseText(props.iconType)} />
        )}
        <div class="dg-card-text">
          {title !== undefined && <div class="dg-card-title">{linkOn === 'title' ? <a class="dg-card-link" {...link}>{title}</a> : title}</div>}
          {props.children !== undefined && (
            <div class="dg-card-content" data-component-part="card-content">
              {props.children}
            </div>
          )}
          {cta !== undefined && <div class="dg-card-cta" data-component-part="card-cta">{linkOn === 'cta' ? <a class="dg-card-link" {...link}>{cta}</a> : cta}</div>}
        </div>
        {hasArrow && (
          <span class="dg-card-arrow" aria-hidden="true">
            {isExternal ? '↗' : '→'}
          </span>
        )}
      </div>
    </>
  );
  const shared = {
    class: attributes.class,
    style: attributes.style,
    'data-horizontal': parseBoolean(props.horizontal) ? '' : undefined,
    'data-type': type,
  };
  if (link === undefined || linkOn !== undefined) return <div {...shared}>{body}</div>;
  return (
    <a {...shared} {...link}>
      {body}
    </a>
  );
}

/**
 * Whether `children` hold a link: an `<a>`, an element or component given an `href`, or an
 * `<a href>` in markup already written (a page kept as a tree writes its plain parts as HTML
 * templates, `jsxTemplate`).
 */
function hasLink(children: ComponentChildren): boolean {
  if (Array.isArray(children)) return children.some((child) => hasLink(child as ComponentChildren));
  if (!isValidElement(children)) return false;
  const props = children.props as { href?: unknown; children?: ComponentChildren; tpl?: unknown; exprs?: unknown; dangerouslySetInnerHTML?: { __html?: unknown } };
  if (children.type === 'a' || typeof props.href === 'string') return true;
  const written = [...(Array.isArray(props.tpl) ? props.tpl : []), props.dangerouslySetInnerHTML?.__html];
  if (written.some((html) => typeof html === 'string' && /<a\s[^>]*\bhref=/i.test(html))) return true;
  return hasLink(props.children) || (Array.isArray(props.exprs) && hasLink(props.exprs as ComponentChildren));
}
