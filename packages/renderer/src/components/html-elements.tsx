/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseBoolean, parseInteger, parseText } from '../props.js';
import { isExternalHref, sanitizeHref, sanitizeSrc } from '../safe-url.js';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/** Attributes of an element as MDX passes them: any attribute, plus children. */
interface ElementProps {
  children?: ComponentChildren;
  [attribute: string]: unknown;
}

function createHeading(Tag: HeadingTag) {
  /**
   * Heading with the `id` the heading-ids plugin gave it and, in html mode, a self-link
   * after the text, unless `noAnchor` (the platform's attribute, on a heading written as JSX).
   * Markdown mode: the bare heading.
   */
  function Heading(props: ElementProps) {
    const { children, id, noAnchor, ...rest } = props;
    if (useIsMarkdown()) return <Tag>{children}</Tag>;
    const anchor = parseText(id);
    return (
      <Tag {...rest} id={anchor}>
        {children}
        {anchor !== undefined && anchor !== '' && !parseBoolean(noAnchor) && (
          <a class="dg-heading-anchor" href={`#${anchor}`} aria-label="Link to this section">
            <span aria-hidden="true">#</span>
          </a>
        )}
      </Tag>
    );
  }
  Object.defineProperty(Heading, 'name', { value: Tag });
  return Heading;
}

export const h1 = createHeading('h1');
export const h2 = createHeading('h2');
export const h3 = createHeading('h3');
export const h4 = createHeading('h4');
export const h5 = createHeading('h5');
export const h6 = createHeading('h6');

const headings = { 1: h1, 2: h2, 3: h3, 4: h4, 5: h5, 6: h6 } as const;

/**
 * The platform's `<Heading level={3} id noAnchor>`, and a heading written as JSX (`<h2>`,
 * which the compiler hands over as `<Heading level="2">` so that it gets its self-link like a
 * Markdown one): `<h1>`–`<h6>` by `level` (else `as="h3"`, else 2), with the other attributes.
 */
export function Heading(props: ElementProps) {
  const { level, as, ...rest } = props;
  const rank = parseInteger(level, Number(/^h([1-6])$/.exec(parseText(as) ?? '')?.[1] ?? 2), 1, 6);
  const Tag = headings[rank as keyof typeof headings];
  return <Tag {...rest} />;
}

/**
 * Link: `javascript:` and other unsafe schemes become `#`; external links open in a new tab
 * with `rel="noopener noreferrer"` (html mode only).
 */
export function a(props: ElementProps) {
  const { href, target, rel, ...rest } = props;
  const safe = sanitizeHref(href);
  if (useIsMarkdown()) return <a href={safe}>{props.children}</a>;
  const isExternal = isExternalHref(safe);
  return (
    <a
      {...rest}
      href={safe}
      target={isExternal ? '_blank' : parseText(target)}
      rel={isExternal ? 'noopener noreferrer' : parseText(rel)}
    />
  );
}

/** Image, lazily loaded and decoded off the main thread (html mode); `javascript:` sources dropped. */
export function img(props: ElementProps) {
  const { src, ...rest } = props;
  if (useIsMarkdown()) return <img src={sanitizeSrc(src)} alt={parseText(props.alt)} title={parseText(props.title)} />;
  return <img loading="lazy" decoding="async" {...rest} src={sanitizeSrc(src)} />;
}
