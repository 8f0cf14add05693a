/** @jsxRuntime automatic @jsxImportSource preact */
import type { CodeSampleModel, ExampleModel } from '@docsgen/openapi-pages';
import { safeUrl } from '@docsgen/util/safe-url';
import { CodeBlock } from '../components/code-block.js';
import { CodeGroup } from '../components/code-group.js';
import { TabSet } from '../components/tab-set.js';
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

/** The samples of one language (`CodeSampleModel.lang`), in the order they come. */
export interface SampleGroup {
  lang: string;
  /** Display name of the language (`Python`). */
  language: string;
  samples: CodeSampleModel[];
}

/**
 * Samples grouped by language, in the order each language first comes. The samples of
 * `groupCodeSamples(samples).flatMap((group) => group.samples)` are in the order `CodeSamples`
 * draws their blocks (the try-it script rewrites generated ones by that order).
 */
export function groupCodeSamples(samples: readonly CodeSampleModel[]): SampleGroup[] {
  const groups = new Map<string, SampleGroup>();
  for (const sample of samples) {
    const group = groups.get(sample.lang);
    if (group) group.samples.push(sample);
    else groups.set(sample.lang, { lang: sample.lang, language: sample.language, samples: [sample] });
  }
  return [...groups.values()];
}

/** Tab texts of a language's variants: the variant (else the language), numbered when two read the same. */
function variantLabels(group: SampleGroup): string[] {
  const labels = group.samples.map((sample) => sample.variant ?? sample.language);
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} ${count}`;
  });
}

/**
 * The request samples of an operation (`page.codeSamples`: the spec's `x-codeSamples` and the
 * generated ones): one tab per language, synced by label across the page like a code group; a
 * language with several samples (`x-codeSamples` entries of one `lang` with different `label`s)
 * has a second row of tabs, one per variant, also synced (a reader who picks "Self-Hosted" sees
 * it in every language). A language with one sample shows its full label (`Ruby SDK`), so a
 * label is never lost. Markdown mode: each sample under its full label (`Python · Self-Hosted`).
 */
export function CodeSamples(props: { samples: CodeSampleModel[]; highlight: Highlight }) {
  const { mode } = useRenderContext();
  const groups = groupCodeSamples(props.samples);
  if (mode === 'markdown' || (groups.length === 1 && groups[0]!.samples.length === 1)) {
    const ordered = groups.flatMap((group) => group.samples);
    return <Snippets snippets={ordered.map((sample) => ({ label: sample.label, lang: sample.lang, code: sample.source }))} highlight={props.highlight} />;
  }
  // `CodeGroup` labels each tab with its child's `title`.
  return (
    <CodeGroup>
      {groups.map((group) =>
        group.samples.length === 1 ? (
          sampleBlock(group.samples[0]!, group.samples[0]!.label, props.highlight)
        ) : (
          <SampleVariants title={group.language} group={group} highlight={props.highlight} />
        ),
      )}
    </CodeGroup>
  );
}

/** A sample as a code block titled `title` (in a code group, its tab's text). */
function sampleBlock(sample: CodeSampleModel, title: string, highlight: Highlight) {
  return <CodeBlock title={title} language={sample.lang} code={sample.source} html={highlightOnce(highlight, sample.source, sample.lang)} />;
}

/** The variants of one language as a second row of tabs, inside the language's tab. */
function SampleVariants(props: { title: string; group: SampleGroup; highlight: Highlight }) {
  const labels = variantLabels(props.group);
  const items = props.group.samples.map((sample, index) => ({ label: labels[index]!, content: sampleBlock(sample, labels[index]!, props.highlight) }));
  return <TabSet class="dg-api-sample-variants" items={items} defaultIndex={0} sync={true} kind="code" />;
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
