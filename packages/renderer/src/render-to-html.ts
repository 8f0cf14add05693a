import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { RenderContext, type RenderContextValue } from './render-context.js';

/** Options of `renderToHtml`: the `RenderContext` value to render with. */
export type RenderToHtmlOptions = RenderContextValue;

/**
 * Render a Preact tree to an HTML string, inside a `RenderContext` with the given options.
 *
 * @param input
 *   Tree to render (for example the page's `MDXContent` element).
 * @param options
 *   Render mode and id prefix (default: html mode, prefix `dg-`).
 * @returns
 *   HTML; text and attributes are escaped by Preact.
 */
export function renderToHtml(input: VNode, options?: RenderToHtmlOptions | null | undefined): string {
  const value: RenderContextValue = {
    mode: options?.mode === 'markdown' ? 'markdown' : 'html',
    idPrefix: options?.idPrefix ?? 'dg-',
    iconLibrary: options?.iconLibrary,
    onMessage: options?.onMessage,
  };
  return renderToString(h(RenderContext.Provider, { value }, input));
}
