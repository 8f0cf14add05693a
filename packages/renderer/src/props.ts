import { isValidElement, toChildArray, type ComponentChildren, type VNode } from 'preact';

/** A prop as it arrives from MDX: a string attribute, a bare attribute (`true`), or an expression. */
export type PropValue = string | number | boolean | null | undefined;

/** Props every component passes through to its root element in html mode. */
export interface PassThroughProps {
  className?: string | undefined;
  class?: string | undefined;
  style?: Record<string, string | number> | string | undefined;
}

/**
 * Read a boolean prop. `true`, `""` (a bare HTML attribute), `"true"` and `1` are true;
 * `false`, `"false"` and `0` are false; anything else gives the fallback.
 */
export function parseBoolean(value: unknown, fallback = false): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === '' || text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  return fallback;
}

/** Read a whole-number prop (`3` or `"3"`), clamped to `[min, max]`; anything else gives the fallback. */
export function parseInteger(value: unknown, fallback: number, min = -Infinity, max = Infinity): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(number)));
}

/** Read an optional text prop: strings as they are, numbers and booleans as text, others `undefined`. */
export function parseText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Read a prop that holds text or JSX written in the page: the platform's components take an
 * element as a title (`<Step title={<span className="step-title">Launch</span>}>`, 101 steps of
 * Phoenix's docs; a card's title in the platform's product-guide template). An element (a
 * fragment too) is kept as it is, anything else read as text (`parseText`).
 */
export function parseContent(value: unknown): string | VNode | undefined {
  return isValidElement(value) ? value : parseText(value);
}

/**
 * Read a list prop: an array (`tags={['a', 'b']}`), a JSON array written as a string
 * (`tags='["a","b"]'`) or one string.
 */
export function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(parseText).filter((item): item is string => item !== undefined);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return parseList(JSON.parse(text));
      } catch {
        // Not JSON after all: one item.
      }
    }
    return text === '' ? [] : [value];
  }
  return [];
}

/** Join class names, skipping empty ones. */
export function classNames(...names: unknown[]): string | undefined {
  const joined = names.filter((name) => typeof name === 'string' && name !== '').join(' ');
  return joined === '' ? undefined : joined;
}

/** `class` and `style` for a root element: the component's own class first, then the author's. */
export function rootAttributes(
  props: PassThroughProps,
  ownClass: string,
  ownStyle?: Record<string, string | number | undefined>,
): { class: string | undefined; style: Record<string, string | number> | string | undefined } {
  const style =
    ownStyle === undefined
      ? props.style
      : typeof props.style === 'string'
        ? props.style
        : { ...definedEntries(ownStyle), ...props.style };
  return { class: classNames(ownClass, props.className, props.class), style };
}

function definedEntries(style: Record<string, string | number | undefined>): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(style)) if (value !== undefined) result[key] = value;
  return result;
}

/** The element children of a node, without text and whitespace between them. */
export function elementChildren(children: ComponentChildren): VNode<Record<string, unknown>>[] {
  return toChildArray(children).filter((child): child is VNode<Record<string, unknown>> =>
    isValidElement(child),
  );
}

/** Text of string and number children (nested elements included), for code passed as children. */
export function textOfChildren(children: ComponentChildren): string {
  return toChildArray(children)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement(child)) return textOfChildren((child.props as { children?: ComponentChildren }).children);
      return '';
    })
    .join('');
}

/**
 * A CSS value from an author prop, or `undefined` when it could break out of its declaration
 * (`;`, braces, `url(`, escapes, comments). Colours, lengths and `var(…)` pass.
 */
export function safeCssValue(value: unknown): string | undefined {
  const text = parseText(value)?.trim();
  if (text === undefined || text === '') return undefined;
  if (/[;{}<>\\"']|\/\*|url\s*\(|expression\s*\(/i.test(text)) return undefined;
  return text;
}
