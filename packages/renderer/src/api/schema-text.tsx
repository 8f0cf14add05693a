/** @jsxRuntime automatic @jsxImportSource preact */
import { renderSpecMarkdown } from '../spec-markdown.js';

/**
 * Markdown from a spec (untrusted) as sanitised HTML: `renderSpecMarkdown` drops raw HTML and
 * keeps only http(s) and mailto links, so inserting its output is safe. Nothing when empty.
 */
export function SpecMarkdown(props: { text: string | undefined }) {
  const html = renderSpecMarkdown(props.text);
  if (html === '') return null;
  return <div class="dg-api-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A JSON value as short text: strings as they are (`""` when empty), anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}
