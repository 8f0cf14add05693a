/** @jsxRuntime automatic @jsxImportSource preact */
import { renderSpecMarkdown } from '../spec-markdown.js';
import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { moveSideBlock, shouldMoveSideContent } from '../content-facts.js';
import { useContext } from 'preact/hooks';
import { RenderContext, useIsMarkdown, useRenderContext } from '../render-context.js';
import { parseText, rootAttributes, type PassThroughProps } from '../props.js';

export interface FrameProps extends PassThroughProps {
  /** Caption under the content. */
  caption?: string;
  /** Hint above the content. */
  hint?: string;
  children?: ComponentChildren;
}

/**
 * A caption with Markdown in it (links, emphasis, code) as sanitised HTML: no raw HTML, links
 * to http(s), mailto and paths only; one paragraph is given without its `<p>`. Plain text
 * (nothing Markdown marks up) stays text.
 */
function Caption(props: { text: string }): VNode | string {
  if (!/[*_`[\]~]/.test(props.text)) return props.text;
  const html = renderSpecMarkdown(props.text).trim();
  const paragraph = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return <span dangerouslySetInnerHTML={{ __html: paragraph && !paragraph[1]!.includes('<p>') ? paragraph[1]! : html }} />;
}

/**
 * A framed image or embed: `<figure>` with the caption (Markdown) as `<figcaption>`. Markdown
 * mode: the hint, the children, then the caption as `<p><em>…</em></p>`.
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
            <em>
              <Caption text={caption} />
            </em>
          </p>
        )}
      </>
    );
  }
  const attributes = rootAttributes(props, 'dg-frame frame');
  return (
    <figure class={attributes.class} style={attributes.style}>
      {hint !== undefined && <p class="dg-frame-hint">{hint}</p>}
      <div class="dg-frame-body">{props.children}</div>
      {caption !== undefined && (
        <figcaption class="dg-frame-caption">
          <Caption text={caption} />
        </figcaption>
      )}
    </figure>
  );
}

/**
 * Content that belongs in the page's right-hand column. When the page's render moves side
 * content (`collectContentFacts` with `moveSideContent`), the outermost block is rendered on
 * its own and kept as a side block, and nothing stays in place; otherwise it renders in place.
 */
export function SideContent(props: { children?: ComponentChildren }, context?: Record<string, unknown>) {
  const value = useContext(RenderContext);
  const { idPrefix } = useRenderContext();
  if (!shouldMoveSideContent()) return <>{props.children}</>;
  // The second argument of a function component is the tree's context (every provider above it:
  // the API specs, the operation's schema counters): the block renders in it, as it would in
  // place. Its generated ids (`useId` counts from the root rendered) get a prefix of their own.
  moveSideBlock((index) => renderToString(<RenderContext.Provider value={{ ...value, idPrefix: `${idPrefix}side${index + 1}-` }}>{props.children}</RenderContext.Provider>, context));
  return null;
}

/**
 * Content for the right-hand column: on the web page it replaces the table of contents (see
 * `SideContent`). Markdown mode: its children, in place.
 */
export function Panel(props: PassThroughProps & { children?: ComponentChildren }) {
  if (useIsMarkdown()) return <div>{props.children}</div>;
  const attributes = rootAttributes(props, 'dg-panel');
  return (
    <SideContent>
      <aside class={attributes.class} style={attributes.style}>
        {props.children}
      </aside>
    </SideContent>
  );
}
