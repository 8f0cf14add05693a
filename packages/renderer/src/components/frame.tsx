/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseText, rootAttributes, type PassThroughProps } from '../props.js';

export interface FrameProps extends PassThroughProps {
  /** Caption under the content. */
  caption?: string;
  /** Hint above the content. */
  hint?: string;
  children?: ComponentChildren;
}

/**
 * A framed image or embed: `<figure>` with the caption as `<figcaption>`. Markdown mode: the
 * hint, the children, then the caption as `<p><em>…</em></p>`.
 */
export function Frame(props: FrameProps) {
  const caption = parseText(props.caption);
  const hint = parseText(props.hint);
  if (useIsMarkdown()) {
    return (
      <>
        {hint !== undefined && <p>{hint}</p>}
        <div>{props.children}</div>
        {caption !== undefined && (
          <p>
            <em>{caption}</em>
          </p>
        )}
      </>
    );
  }
  const attributes = rootAttributes(props, 'dg-frame');
  return (
    <figure class={attributes.class} style={attributes.style}>
      {hint !== undefined && <p class="dg-frame-hint">{hint}</p>}
      <div class="dg-frame-body">{props.children}</div>
      {caption !== undefined && <figcaption class="dg-frame-caption">{caption}</figcaption>}
    </figure>
  );
}

/** Content for the side panel of API pages; rendered in place for now. Markdown mode: its children. */
export function Panel(props: PassThroughProps & { children?: ComponentChildren }) {
  if (useIsMarkdown()) return <div>{props.children}</div>;
  const attributes = rootAttributes(props, 'dg-panel');
  return (
    <aside class={attributes.class} style={attributes.style}>
      {props.children}
    </aside>
  );
}
