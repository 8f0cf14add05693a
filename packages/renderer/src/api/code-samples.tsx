/** @jsxRuntime automatic @jsxImportSource preact */
import type { CodeSampleModel, ExampleModel } from '@docsgen/openapi-pages';
import { safeUrl } from '@docsgen/util/safe-url';
import { CodeBlock } from '../components/code-block.js';
import { CodeGroup } from '../components/code-group.js';
import { useRenderContext } from '../render-context.js';

/** `highlight` of `ApiOperationInput`: Shiki HTML, or `undefined` for plain code. */
export type Highlight = ((code: string, lang: string) => string | undefined) | null | undefined;

// Highlighting is the slowest part of drawing an operation (Shiki: milliseconds per kilobyte),
// and the dev server draws a page again on every request: results are kept per highlighter.
const highlighted = new WeakMap<(code: string, lang: string) => string | undefined, Map<string, string | undefined>>();
const maxHighlightedEntries = 2_000;

/** `highlight(code, lang)`, remembered for the same highlighter, language and code. */
function highlightOnce(highlight: Highlight, code: string, lang: string): string | undefined {
  if (!highlight) return undefined;
  let entries = highlighted.get(highlight);
  if (!entries) highlighted.set(highlight, (entries = new Map()));
  const key = `${lang}\u0000${code}`;
  if (entries.has(key)) return entries.get(key);
  const html = highlight(code, lang) ?? undefined;
  if (entries.size >= maxHighlightedEntries) entries.clear();
  entries.set(key, html);
  return html;
}

/** One snippet to show: a label, a language and its text. */
interface Snippet {
  label: string;
  lang: string;
  code: string;
}

/**
 * Snippets as a code group (the `CodeGroup` and `CodeBlock` components: tabs synced by label
 * across the page, copy buttons), one snippet as a lone code block. Markdown mode: each
 * snippet as `<pre><code class="language-x">` under its label in bold.
 */
function Snippets(props: { snippets: Snippet[]; highlight: Highlight }) {
  const { mode } = useRenderContext();
  if (props.snippets.length === 0) return null;
  if (mode === 'markdown') {
    return (
      <>
        {props.snippets.map((snippet) => (
          <>
            <p>
              <strong>{snippet.label}</strong>
            </p>
            <pre data-language={snippet.lang}>
              <code class={`language-${snippet.lang}`}>{snippet.code}</code>
            </pre>
          </>
        ))}
      </>
    );
  }
  const blocks = props.snippets.map((snippet) => (
    <CodeBlock title={snippet.label} language={snippet.lang} code={snippet.code} html={highlightOnce(props.highlight, snippet.code, snippet.lang)} />
  ));
  return blocks.length === 1 ? blocks[0]! : <CodeGroup>{blocks}</CodeGroup>;
}

/** The request samples of an operation (`page.codeSamples`): generated ones and the spec's `x-codeSamples`. */
export function CodeSamples(props: { samples: CodeSampleModel[]; highlight: Highlight }) {
  return <Snippets snippets={props.samples.map((sample) => ({ label: sample.label, lang: sample.lang, code: sample.source }))} highlight={props.highlight} />;
}

/** Highlighting language of a media type: `json` for `application/json` and `+json` types, `xml`, `yaml`, else `text`. */
export function languageOfMediaType(mediaType: string): string {
  const type = mediaType.toLowerCase();
  if (/json/.test(type)) return 'json';
  if (/xml/.test(type)) return 'xml';
  if (/yaml/.test(type)) return 'yaml';
  if (type.startsWith('text/html')) return 'html';
  return 'text';
}

/** An example value as text: strings as they are, JSON pretty-printed. */
export function exampleText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}

function exampleLabel(example: ExampleModel, count: number): string {
  if (example.summary) return example.summary;
  if (example.isGenerated || example.name === 'example' || count === 1) return 'Example';
  return example.name;
}

/** The examples of one body: values pretty-printed in code blocks; `externalValue`s as links. */
export function Examples(props: { examples: ExampleModel[]; mediaType: string; highlight: Highlight }) {
  const lang = languageOfMediaType(props.mediaType);
  const withValue = props.examples.filter((example) => example.value !== undefined);
  const links = props.examples.filter((example) => example.value === undefined && example.externalUrl !== undefined);
  return (
    <div class="dg-api-examples">
      <Snippets
        snippets={withValue.map((example) => ({ label: exampleLabel(example, withValue.length), lang, code: exampleText(example.value) }))}
        highlight={props.highlight}
      />
      {links.map((example) => {
        const url = safeUrl(example.externalUrl);
        return (
          url !== undefined && (
            <p class="dg-api-fact">
              Example {example.summary ?? example.name}: <a href={url}>{url}</a>
            </p>
          )
        );
      })}
    </div>
  );
}
