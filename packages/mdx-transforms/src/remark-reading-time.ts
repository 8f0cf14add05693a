import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import {
  type ReadingTime,
  type ReadingTimeOptions,
  estimateReadingTime,
  resolveReadingTimeOptions,
} from './reading-time.js';

declare module 'vfile' {
  interface DataMap {
    /** Estimated reading time of the page, set by `remarkReadingTime`. */
    readingTime: ReadingTime;
  }
}

// Not prose: code, math, raw HTML, frontmatter and MDX's JavaScript.
const skipped = new Set([
  'code',
  'math',
  'html',
  'yaml',
  'toml',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
]);
// Children of these are one run of text: `foo**bar**` is one word, not two.
const phrasingParents = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'mdxJsxTextElement',
]);

/**
 * Estimate the reading time of a page into `file.data.readingTime`
 * (`{ minutes, words, characters }`), counting prose and inline code but not code blocks,
 * math, raw HTML, frontmatter, ESM or JavaScript expressions.
 *
 * @param options
 *   Reading speeds, as for `estimateReadingTime`.
 * @returns
 *   Transform.
 */
export function remarkReadingTime(options?: ReadingTimeOptions | null | undefined) {
  // Resolved here so that a bad speed fails when the plugin is attached, not per file.
  const settings = resolveReadingTimeOptions(options);

  return function (tree: Root, file: VFile): undefined {
    file.data.readingTime = estimateReadingTime(textOf(tree), settings);
  };
}

function textOf(node: Nodes): string {
  if (skipped.has(node.type)) return '';
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (!('children' in node)) return '';
  const separator = phrasingParents.has(node.type) ? '' : '\n';
  return node.children.map((child) => textOf(child as Nodes)).join(separator);
}
