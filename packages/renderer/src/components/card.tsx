/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseBoolean, parseText, rootAttributes, safeCssValue, type PassThroughProps } from '../props.js';
import { isExternalHref, sanitizeHref, sanitizeSrc } from '../safe-url.js';
import { Icon, iconOf } from './icon.js';

export interface CardProps extends PassThroughProps {
  title?: string;
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
  cta?: string;
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
 * Markdown mode: `<p><a href>title</a></p>` (no link without `href`) + content.
 */
export function Card(props: CardProps) {
  const isMarkdown = useIsMarkdown();
  const title = parseText(props.title);
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
  const cta = parseText(props.cta);
  const img = sanitizeSrc(props.img);
  const attributes = rootAttributes(props, 'dg-card', { '--dg-card-color': safeCssValue(props.color) });
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
          {title !== undefined && <div class="dg-card-title">{title}</div>}
          {props.children !== undefined && <div class="dg-card-content">{props.children}</div>}
          {cta !== undefined && <div class="dg-card-cta">{cta}</div>}
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
  if (href === undefined) return <div {...shared}>{body}</div>;
  return (
    <a
      {...shared}
      href={href}
      target={isExternal ? '_blank' : undefined}
      rel={isExternal ? 'noopener noreferrer' : undefined}
    >
      {body}
    </a>
  );
}
