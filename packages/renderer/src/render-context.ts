import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiReferenceContext } from './api/types.js';

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
  /** Default library of named icons, docs.json `icons.library` (default: `'fontawesome'`). */
  iconLibrary?: string | null | undefined;
  /** Called with the warnings of the components (such as `icon-unknown`). */
  onMessage?: ((message: RenderMessage) => void) | null | undefined;
  /** The site's API specs and try-it settings, for `<OpenApiEndpoint>` and the viewers (default: none: they render a notice). */
  apiReference?: ApiReferenceContext | null | undefined;
  /** docs.json language code of the page: the components' own labels ("Copy") are in it (default: English). */
  language?: string | null | undefined;
  /**
   * Highlights a `<CodeBlock>` whose children are text at render time and that has no `html`
   * (`{PyUsage}`, a string a snippet exports); `undefined` leaves it plain (default: none: such
   * blocks render as plain text).
   */
  highlightCode?: HighlightCode | null | undefined;
}

/** A code block to highlight as the page renders: its code and the options it was written with. */
export interface CodeToHighlight {
  /** Code, without a leading blank line or trailing white space. */
  code: string;
  /** The block's `language`, as written (matched in any case). */
  language: string | undefined;
  /** Lines to mark (`1-3,5`, braces allowed). */
  highlight: string | undefined;
  /** Lines to focus (`1-3,5`, braces allowed). */
  focus: string | undefined;
  /** Show line numbers. */
  lines: boolean;
  /** Wrap long lines. */
  wrap: boolean;
}

/** `highlightCode` of the render context: trusted highlighted `<pre>` HTML and the code as copied, or `undefined`. */
export type HighlightCode = (block: CodeToHighlight) => { html: string; code: string } | undefined;

/** A warning of a content component; the same shape as `DocsgenMessage` of `@docsgen/config`. */
export interface RenderMessage {
  reason: string;
  ruleId: string;
  source: string;
  fatal: boolean;
  actual?: string | undefined;
  note?: string | undefined;
}

/** Resolved context value: every field set. */
export interface ResolvedRenderContextValue {
  mode: RenderMode;
  idPrefix: string;
  iconLibrary: string;
  onMessage: (message: RenderMessage) => void;
  apiReference: ApiReferenceContext | undefined;
  language: string | undefined;
  highlightCode: HighlightCode | undefined;
}

/** Preact context that selects the render mode of every content component. */
export const RenderContext = createContext<RenderContextValue>({ mode: 'html' });

/** Read the render context with its defaults filled in. */
export function useRenderContext(): ResolvedRenderContextValue {
  const value = useContext(RenderContext);
  return {
    mode: value.mode === 'markdown' ? 'markdown' : 'html',
    idPrefix: typeof value.idPrefix === 'string' ? value.idPrefix : 'dg-',
    iconLibrary: typeof value.iconLibrary === 'string' ? value.iconLibrary : 'fontawesome',
    onMessage: typeof value.onMessage === 'function' ? value.onMessage : () => {},
    apiReference: value.apiReference ?? undefined,
    language: typeof value.language === 'string' ? value.language : undefined,
    highlightCode: typeof value.highlightCode === 'function' ? value.highlightCode : undefined,
  };
}

/** `true` when the components render for the Markdown twin. */
export function useIsMarkdown(): boolean {
  return useRenderContext().mode === 'markdown';
}
