import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** What the components render: the web page, or simple HTML for the Markdown twin. */
export type RenderMode = 'html' | 'markdown';

/** Value of `RenderContext`. */
export interface RenderContextValue {
  /**
   * `html` renders the web page; `markdown` renders plain HTML (no scripts, buttons, SVG or
   * raw HTML) that the pipeline turns into the page's Markdown twin (default: `'html'`).
   */
  mode?: RenderMode | null | undefined;
  /**
   * Prefix of the ids generated for tabs and tooltips; give each tree rendered separately
   * into one page its own prefix so ids stay unique (default: `'dg-'`).
   */
  idPrefix?: string | null | undefined;
}

/** Resolved context value: every field set. */
export interface ResolvedRenderContextValue {
  mode: RenderMode;
  idPrefix: string;
}

/** Preact context that selects the render mode of every content component. */
export const RenderContext = createContext<RenderContextValue>({ mode: 'html' });

/** Read the render context with its defaults filled in. */
export function useRenderContext(): ResolvedRenderContextValue {
  const value = useContext(RenderContext);
  return {
    mode: value.mode === 'markdown' ? 'markdown' : 'html',
    idPrefix: typeof value.idPrefix === 'string' ? value.idPrefix : 'dg-',
  };
}

/** `true` when the components render for the Markdown twin. */
export function useIsMarkdown(): boolean {
  return useRenderContext().mode === 'markdown';
}
