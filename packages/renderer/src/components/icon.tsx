/** @jsxRuntime automatic @jsxImportSource preact */
import { isValidElement, type VNode } from 'preact';
import { findIcon, glyphDocument, suggestIconName } from '../icons.js';
import { useRenderContext } from '../render-context.js';
import { parseContent, parseText, rootAttributes, safeCssValue, type PassThroughProps } from '../props.js';
import { sanitizeSrc } from '../safe-url.js';

export interface IconProps extends PassThroughProps {
  /** Icon name (`"rocket"`), an image URL or path (`"/icons/logo.svg"`), or JSX such as an `<svg>` written in the page. */
  icon?: string | VNode;
  /** Icon style of the library (`regular`, `solid`, `duotone`, …). */
  iconType?: string;
  /** CSS colour of the glyph (default: the text colour). */
  color?: string;
  /** Size in pixels (default: `1em`). */
  size?: number | string;
  /** Custom image URL, used instead of a named glyph. */
  src?: string;
  /** Library of the named glyph (default: docs.json `icons.library`, else Font Awesome). */
  library?: string;
}

/**
 * An `icon` prop as components take it: JSX written in the page (`icon={<svg …/>}`) as it is,
 * anything else as text.
 */
export const iconOf: (value: unknown) => string | VNode | undefined = parseContent;

/**
 * `true` when an icon value is an image reference rather than a glyph name: an `http(s)` or
 * `data:image/` URL, or a path (`/`, `./`, `../`) to an image file.
 */
export function isImageReference(value: string): boolean {
  if (/^(?:https?:\/\/|data:image\/)/i.test(value)) return true;
  return /^\.{0,2}\//.test(value) && /\.(?:svg|png|jpe?g|gif|webp|avif|ico)(?:[?#].*)?$/i.test(value);
}

/**
 * Inline icon. Named icons render the icon package's SVG inline (`<svg class="dg-icon">`),
 * from the `library` prop or the context's `iconLibrary`, found as `findIcon` says (any case,
 * brands, Font Awesome Pro names by their closest free icon, other libraries); a name nothing
 * matches draws a dashed-circle placeholder and reports an `icon-unknown` warning to the
 * context, as does a value that is not an icon name (which draws nothing). Image icons render an `<img>`. JSX written
 * in the page (`icon={<svg viewBox="0 0 24 24">…</svg>}`) renders inside a `<span>` with the
 * icon's class and size. Nothing in markdown mode, and nothing for raw SVG strings (raw HTML
 * is never injected).
 */
export function Icon(props: IconProps) {
  const context = useRenderContext();
  const element = isValidElement(props.icon) ? props.icon : undefined;
  const name = element ? undefined : (parseText(props.src) ?? parseText(props.icon));
  if (context.mode === 'markdown' || (!element && (name === undefined || name.trim() === '' || name.trim().startsWith('<')))) return null;
  const size = parseText(props.size);
  const attributes = rootAttributes(props, element ? 'dg-icon dg-icon-element' : 'dg-icon', {
    '--dg-icon-size': size === undefined ? undefined : /^\d+(\.\d+)?$/.test(size) ? `${size}px` : safeCssValue(size),
    '--dg-icon-color': safeCssValue(props.color),
  });
  const style = typeof attributes.style === 'object' && Object.keys(attributes.style).length === 0 ? undefined : attributes.style;

  if (element) {
    return (
      <span class={attributes.class} style={style} aria-hidden="true">
        {element}
      </span>
    );
  }
  if (name === undefined) return null;

  if (isImageReference(name)) {
    const src = sanitizeSrc(name);
    if (src === undefined) return null;
    return <img class={attributes.class} style={style} src={src} alt="" aria-hidden="true" loading="lazy" decoding="async" />;
  }

  const library = parseText(props.library) ?? context.iconLibrary;
  const found = findIcon(name, { library, iconType: parseText(props.iconType) });
  if (!found || found.match === 'placeholder') {
    const suggestion = found ? suggestIconName(name, library) : undefined;
    context.onMessage({
      reason: `Unknown icon \`${name}\` in icon library \`${library}\`${found ? ', drawn as a placeholder' : ''}`,
      ruleId: 'icon-unknown',
      source: '@docsgen/renderer',
      fatal: false,
      actual: name,
      note: `${suggestion === undefined ? '' : `Did you mean \`${suggestion}\`? `}${found ? 'A dashed circle holds its place' : 'Nothing is rendered'}; icon names are those of Font Awesome Free, Lucide or Tabler (in any case), and Font Awesome Pro names docsgen knows are drawn with the closest free icon.`,
    });
    if (!found) return null;
  }
  const { glyph } = found;
  const drawn = found.match === 'exact' ? undefined : found.drawn;

  // A background utility on the icon (`className="!bg-white"`, in the platform's knowledge-base
  // template) colours the glyph on the hosted platform, whose icons are masks painted with
  // their background colour: drawn the same way here, the glyph as a mask of its own box.
  if (hasBackgroundUtility(attributes.class)) {
    const mask = `url("data:image/svg+xml,${encodeURIComponent(glyphDocument(glyph))}")`;
    return (
      <span
        class={`${attributes.class} dg-icon-mask`}
        style={typeof style === 'string' ? `${style};--dg-icon-mask:${mask}` : { ...style, '--dg-icon-mask': mask }}
        data-icon={name.trim().toLowerCase()}
        data-icon-drawn={drawn}
        aria-hidden="true"
      />
    );
  }

  return (
    <svg
      class={attributes.class}
      style={style}
      data-icon={name.trim().toLowerCase()}
      data-icon-drawn={drawn}
      {...glyph.attributes}
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      // Trusted markup: read from the icon package, with comments, scripts and handlers removed.
      dangerouslySetInnerHTML={{ __html: glyph.body }}
    />
  );
}

/** Whether `classes` hold a Tailwind background-colour utility (`bg-white`, `!bg-white`, `dark:bg-black`). */
function hasBackgroundUtility(classes: string | undefined): boolean {
  return classes !== undefined && /(?:^|\s)(?:[\w-]+:)*!?bg-(?!none\b|clip-|origin-|repeat|no-repeat|fixed\b|local\b|scroll\b|cover\b|contain\b|center\b|top\b|bottom\b|left\b|right\b|gradient-|linear-|radial-|conic-|blend-)/.test(classes);
}
