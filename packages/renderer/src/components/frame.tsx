/** @jsxRuntime automatic @jsxImportSource preact */
import { renderSpecMarkdown } from '../spec-markdown.js';
import { Fragment, h, type ComponentChildren, type VNode } from 'preact';
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
  const attributes = rootAttributes(props, 'dg-frame');
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
 * Comments around content that belongs in the page's right-hand column. `renderPageDocument`
 * moves each outermost marked block there (`splitSideContent`); anything else that reads the
 * content HTML sees ordinary comments.
 */
export const sideContentMarkers = { open: '<!--docsgen:side-->', close: '<!--/docsgen:side-->' } as const;

// The markers' text, written by Preact between `<!--` and `-->`.
const openText = sideContentMarkers.open.slice(4, -3);
const closeText = sideContentMarkers.close.slice(4, -3);

/**
 * Wrap web-page output in the side-content markers. Preact has no comment node: Fragment's
 * `UNSTABLE_comment` is preact-render-to-string's own (pinned version) way to write one.
 */
export function SideContent(props: { children?: ComponentChildren }) {
  return (
    <>
      {h(Fragment, { UNSTABLE_comment: openText } as Record<string, unknown>)}
      {props.children}
      {h(Fragment, { UNSTABLE_comment: closeText } as Record<string, unknown>)}
    </>
  );
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
