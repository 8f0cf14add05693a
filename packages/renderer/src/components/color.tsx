/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseText, rootAttributes, safeCssValue, type PassThroughProps } from '../props.js';

export interface ColorProps extends PassThroughProps {
  /** `compact` (swatches in a row) or `table` (default: `compact`). */
  variant?: string;
  children?: ComponentChildren;
}

export interface ColorRowProps extends PassThroughProps {
  title?: string;
  children?: ComponentChildren;
}

export interface ColorItemProps extends PassThroughProps {
  name?: string;
  /** A CSS colour, or one per mode. */
  value?: string | { light?: string; dark?: string };
}

/** A palette. Markdown mode: its children. */
function ColorRoot(props: ColorProps) {
  if (useIsMarkdown()) return <>{props.children}</>;
  const attributes = rootAttributes(props, 'dg-color');
  return (
    <div class={attributes.class} style={attributes.style} data-variant={props.variant === 'table' ? 'table' : 'compact'}>
      {props.children}
    </div>
  );
}

/** A titled row of colours. Markdown mode: `<p><strong>title</strong></p>` + items. */
function ColorRow(props: ColorRowProps) {
  const title = parseText(props.title);
  if (useIsMarkdown()) {
    return (
      <>
        {title !== undefined && (
          <p>
            <strong>{title}</strong>
          </p>
        )}
        {props.children}
      </>
    );
  }
  const attributes = rootAttributes(props, 'dg-color-row');
  return (
    <div class={attributes.class} style={attributes.style}>
      {title !== undefined && <div class="dg-color-row-title">{title}</div>}
      <div class="dg-color-row-items">{props.children}</div>
    </div>
  );
}

/**
 * One colour: a swatch (per mode when `value` is `{light, dark}`), its name and value.
 * Markdown mode: `<p><code>name</code>: value</p>`.
 */
function ColorItem(props: ColorItemProps) {
  const name = parseText(props.name) ?? '';
  const value = props.value;
  const light = typeof value === 'object' && value !== null ? parseText(value.light) : parseText(value);
  const dark = typeof value === 'object' && value !== null ? parseText(value.dark) ?? light : light;
  const text = light === dark ? (light ?? '') : `light: ${light ?? ''}, dark: ${dark ?? ''}`;
  if (useIsMarkdown()) {
    return (
      <p>
        <code>{name}</code>: {text}
      </p>
    );
  }
  const attributes = rootAttributes(props, 'dg-color-item');
  return (
    <div class={attributes.class} style={attributes.style}>
      <span
        class="dg-color-swatch"
        aria-hidden="true"
        style={{ '--dg-swatch-light': safeCssValue(light) ?? 'transparent', '--dg-swatch-dark': safeCssValue(dark) ?? 'transparent' }}
      />
      <span class="dg-color-name">{name}</span>
      <code class="dg-color-value">{text}</code>
    </div>
  );
}

/** `Color` with its members `Color.Row` and `Color.Item`, as MDX uses them. */
export const Color = Object.assign(ColorRoot, { Row: ColorRow, Item: ColorItem });
Object.defineProperty(Color, 'name', { value: 'Color' });
