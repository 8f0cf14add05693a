/** @jsxRuntime automatic @jsxImportSource preact */
import { useIsMarkdown } from '../render-context.js';
import { parseText, rootAttributes, safeCssValue, type PassThroughProps } from '../props.js';
import { sanitizeSrc } from '../safe-url.js';

export interface IconProps extends PassThroughProps {
  /** Icon name (`"rocket"`), or an image URL or path (`"/icons/logo.svg"`). */
  icon?: string;
  /** Icon style of the library (`regular`, `solid`, `duotone`, …). */
  iconType?: string;
  /** CSS colour of the glyph (default: the text colour). */
  color?: string;
  /** Size in pixels (default: `1em`). */
  size?: number | string;
  /** Custom image URL, used instead of a named glyph. */
  src?: string;
}

/** `true` when an icon value is an image reference rather than a glyph name. */
function isImageReference(value: string): boolean {
  return /^(?:\/|\.{1,2}\/|https?:\/\/|data:image\/)/i.test(value);
}

/**
 * Inline icon. Named icons render a `<span class="dg-icon" data-icon="name">` placeholder:
 * the glyphs ship with the site UI, which styles `.dg-icon[data-icon=…]` (until then the
 * placeholder is an empty, invisible box). Image icons render an `<img>`. Nothing in
 * markdown mode, and nothing for raw SVG strings (raw HTML is never injected).
 */
export function Icon(props: IconProps) {
  const isMarkdown = useIsMarkdown();
  const name = parseText(props.src) ?? parseText(props.icon);
  if (isMarkdown || name === undefined || name.trim() === '' || name.trim().startsWith('<')) return null;
  const size = parseText(props.size);
  const sizeValue = size === undefined ? undefined : /^\d+(\.\d+)?$/.test(size) ? `${size}px` : safeCssValue(size);
  const color = safeCssValue(props.color);
  const attributes = rootAttributes(props, 'dg-icon', {
    '--dg-icon-size': sizeValue,
    '--dg-icon-color': color,
  });
  const style = typeof attributes.style === 'object' && Object.keys(attributes.style).length === 0 ? undefined : attributes.style;

  if (isImageReference(name)) {
    const src = sanitizeSrc(name);
    if (src === undefined) return null;
    return <img class={attributes.class} style={style} src={src} alt="" aria-hidden="true" loading="lazy" decoding="async" />;
  }

  return (
    <span
      class={attributes.class}
      style={style}
      data-icon={name}
      data-icon-type={parseText(props.iconType)}
      aria-hidden="true"
    />
  );
}
