/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { useRenderContext } from '../render-context.js';
import { parseText, rootAttributes, type PassThroughProps } from '../props.js';
import { isExternalHref, sanitizeHref } from '../safe-url.js';

export interface TooltipProps extends PassThroughProps {
  /** Tooltip text (required). */
  tip?: string;
  /** Bold first line of the tooltip. */
  headline?: string;
  /** Link text inside the tooltip (needs `href`). */
  cta?: string;
  href?: string;
  children?: ComponentChildren;
}

/**
 * Text with a tooltip. The trigger is focusable and points at the tooltip with
 * `aria-describedby`; CSS shows the tooltip on hover and on keyboard focus (`:focus-within`,
 * so a link inside stays reachable), the client script hides it on Escape. Markdown mode:
 * the children followed by ` (tip)`.
 */
export function Tooltip(props: TooltipProps) {
  const { mode, idPrefix } = useRenderContext();
  const id = `${idPrefix}${useId()}`;
  const tip = parseText(props.tip) ?? '';
  if (mode === 'markdown') {
    return (
      <>
        {props.children}
        {tip !== '' && ` (${tip})`}
      </>
    );
  }
  const headline = parseText(props.headline);
  const cta = parseText(props.cta);
  const href = sanitizeHref(props.href);
  const isExternal = isExternalHref(href);
  const attributes = rootAttributes(props, 'dg-tooltip tooltip');
  return (
    <span class={attributes.class} style={attributes.style}>
      <span class="dg-tooltip-trigger" tabindex={0} aria-describedby={id}>
        {props.children}
      </span>
      <span class="dg-tooltip-content" role="tooltip" id={id}>
        {headline !== undefined && <strong class="dg-tooltip-headline">{headline}</strong>}
        <span class="dg-tooltip-tip">{tip}</span>
        {cta !== undefined && href !== undefined && (
          <a
            class="dg-tooltip-cta"
            href={href}
            target={isExternal ? '_blank' : undefined}
            rel={isExternal ? 'noopener noreferrer' : undefined}
          >
            {cta}
          </a>
        )}
      </span>
    </span>
  );
}
