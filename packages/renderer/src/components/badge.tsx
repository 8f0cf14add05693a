/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseBoolean, parseText, rootAttributes, type PassThroughProps } from '../props.js';
import { Icon, iconOf } from './icon.js';

const colors = new Set(['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive']);
const sizes = new Set(['xs', 'sm', 'md', 'lg']);

export interface BadgeProps extends PassThroughProps {
  /** `gray`, `blue`, `green`, `yellow`, `orange`, `red`, `purple`, `white`, `surface`, `white-destructive` or `surface-destructive` (default: `gray`). */
  color?: string;
  /** `xs`, `sm`, `md` or `lg` (default: `md`). */
  size?: string;
  /** `rounded` or `pill` (default: `rounded`). */
  shape?: string;
  icon?: string;
  iconType?: string;
  /** Outlined style (default: `false`). */
  stroke?: boolean | string;
  /** Greyed out (default: `false`). */
  disabled?: boolean | string;
  children?: ComponentChildren;
}

/** Inline label. Markdown mode: its text. */
export function Badge(props: BadgeProps) {
  if (useIsMarkdown()) return <>{props.children}</>;
  const color = parseText(props.color);
  const size = parseText(props.size);
  const attributes = rootAttributes(props, 'dg-badge');
  return (
    <span
      class={attributes.class}
      style={attributes.style}
      data-color={color !== undefined && colors.has(color) ? color : 'gray'}
      data-size={size !== undefined && sizes.has(size) ? size : 'md'}
      data-shape={props.shape === 'pill' ? 'pill' : 'rounded'}
      data-stroke={parseBoolean(props.stroke) ? '' : undefined}
      aria-disabled={parseBoolean(props.disabled) ? 'true' : undefined}
    >
      <Icon icon={iconOf(props.icon)} iconType={parseText(props.iconType)} />
      {props.children}
    </span>
  );
}
