export type { CodeMeta } from './code-meta.js';
export { parseCodeMeta } from './code-meta.js';
export { getHighlighter } from './highlighter.js';
export type { HighlightedCode } from './highlight-cache.js';
export { rememberHighlightedCode } from './highlight-cache.js';
export type { ReadingTime, ReadingTimeOptions, ResolvedReadingTimeOptions } from './reading-time.js';
export { estimateReadingTime } from './reading-time.js';
export type { TocEntry } from './rehype-heading-ids.js';
export { rehypeHeadingIds } from './rehype-heading-ids.js';
export type { HighlightCodeOptions, ResolvedHighlightCodeOptions } from './rehype-highlight-code.js';
export { rehypeHighlightCode } from './rehype-highlight-code.js';
export type { AbsoluteImagesOptions, ResolvedAbsoluteImagesOptions } from './remark-absolute-images.js';
export { remarkAbsoluteImages } from './remark-absolute-images.js';
export { remarkAbsoluteLinks } from './remark-absolute-links.js';
export { remarkUnnestLinks } from './remark-unnest-links.js';
export { remarkUnnestParagraphs } from './remark-unnest-paragraphs.js';
export type { ChangelogEntry } from './remark-changelog.js';
export { remarkChangelog } from './remark-changelog.js';
export { remarkCodeMeta } from './remark-code-meta.js';
export { remarkReadingTime } from './remark-reading-time.js';
export type {
  ResolvedUnknownComponentsOptions,
  UnknownComponentsOptions,
} from './remark-unknown-components.js';
export { remarkUnknownComponents } from './remark-unknown-components.js';
export { rewriteLatexBlocks } from './rewrite-latex-blocks.js';
export type { SampleHighlighter } from './highlight-sample.js';
export { createSampleHighlighter } from './highlight-sample.js';
export type { CodeBlockHighlighter, CodeBlockHighlighterOptions, HighlightCodeBlock, RenderedCodeBlock } from './code-block-highlighter.js';
export { createCodeBlockHighlighter } from './code-block-highlighter.js';
