/** @jsxRuntime automatic @jsxImportSource preact */
import type { SchemaModel } from '@docsgen/openapi-pages';
import { createContext, type VNode } from 'preact';
import { useContext } from 'preact/hooks';
import { renderToString } from 'preact-render-to-string';
import { RenderContext, useRenderContext } from '../render-context.js';

/**
 * Counts the cached subtrees inserted by one operation render, so the ids inside each copy
 * (`TabSet` radios of `oneOf` switches) are unique on the page and the same on every build;
 * `prefix` is the operation's own id prefix, which keeps two operations on one page apart.
 */
export const SchemaInsertions = createContext<{ next: number; prefix: string } | undefined>(undefined);

/** Whether nested fields start open (docs.json `api.params.expanded: "all"`) or collapsed. */
export const SchemaExpanded = createContext<boolean>(false);

/** Extension keys whose values parameters show as pills (docs.json `api.params.post`). */
export const ParameterPills = createContext<readonly string[]>([]);

// Stands for the id prefix in cached HTML; each insertion replaces it with its own prefix.
const idToken = 'dgschemaid7f3a-';
const cache = new WeakMap<SchemaModel, Map<string, string>>();

/**
 * The HTML of `render()` for `schema`, rendered once per schema object, kind and mode, then
 * reused. Page models share the schema object of a component wherever it is used (GitHub's
 * `simple-user` appears hundreds of times), so the fields of big pages are drawn once.
 */
export function CachedSchema(props: { schema: SchemaModel; cacheKey: string; render: () => VNode }) {
  const context = useRenderContext();
  const insertions = useContext(SchemaInsertions);
  const isExpanded = useContext(SchemaExpanded);
  if (!insertions) return props.render();
  const key = `${context.mode}:${isExpanded ? 'open' : 'closed'}:${props.cacheKey}`;
  let entries = cache.get(props.schema);
  let html = entries?.get(key);
  if (html === undefined) {
    html = renderToString(
      <RenderContext.Provider value={{ mode: context.mode, idPrefix: idToken }}>
        <SchemaExpanded.Provider value={isExpanded}>
          <SchemaInsertions.Provider value={{ next: 0, prefix: idToken }}>{props.render()}</SchemaInsertions.Provider>
        </SchemaExpanded.Provider>
      </RenderContext.Provider>,
    );
    if (!entries) cache.set(props.schema, (entries = new Map()));
    entries.set(key, html);
  }
  const index = insertions.next++;
  const unique = html.includes(idToken) ? html.replaceAll(idToken, `${insertions.prefix}s${index}-`) : html;
  // Trusted: built above by Preact from the model (spec Markdown through renderSpecMarkdown).
  return <div class="dg-api-schema-body" dangerouslySetInnerHTML={{ __html: unique }} />;
}
