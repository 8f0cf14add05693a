/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren, VNode } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseContent, parseText, rootAttributes, type PassThroughProps } from '../props.js';
import { isExternalHref, sanitizeHref } from '../safe-url.js';

export interface TileProps extends PassThroughProps {
  /** Link target (required). */
  href?: string;
  title?: string | VNode;
  description?: string | VNode;
  /** Preview, usually an image. */
  children?: ComponentChildren;
}

/**
 * A linked tile with a preview. Markdown mode: `<p><a href>title</a></p>`, the description,
 * then the preview.
 */
export function Tile(props: TileProps) {
  const title = parseContent(props.title);
  const description = parseContent(props.description);
  const href = sanitizeHref(props.href);
  if (useIsMarkdown()) {
    return (
      <>
        {title !== undefined && <p>{href === undefined ? <strong>{title}</strong> : <a href={href}>{title}</a>}</p>}
        {description !== undefined && <p>{description}</p>}
        <div>{props.children}</div>
      </>
    );
  }
  const isExternal = isExternalHref(href);
  const attributes = rootAttributes(props, 'dg-tile tile');
  const body = (
    <>
      {props.children !== undefined && <div class="dg-tile-preview">{props.children}</div>}
      {title !== undefined && <div class="dg-tile-title">{title}</div>}
      {description !== undefined && <div class="dg-tile-description">{description}</div>}
    </>
  );
  if (href === undefined) return <div class={attributes.class} style={attributes.style}>{body}</div>;
  return (
    <a
      class={attributes.class}
      style={attributes.style}
      href={href}
      target={isExternal ? '_blank' : undefined}
      rel={isExternal ? 'noopener noreferrer' : undefined}
    >
      {body}
    </a>
  );
}
