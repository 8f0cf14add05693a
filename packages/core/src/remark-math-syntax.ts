import { mathFromMarkdown } from 'mdast-util-math';
import type { Options as MathOptions } from 'micromark-extension-math';
import type { Extension } from 'micromark-util-types';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Processor } from 'unified';

// remark-math's syntax without KaTeX. The entry of micromark-extension-math also exports its
// HTML compiler, which imports KaTeX (600 KB of JavaScript, about 40 ms to load) although a
// remark pipeline never uses it; its syntax module is imported by file instead (the version is
// pinned; the package's `exports` lists only the entry). KaTeX itself loads with the first page
// that has math (rehype-katex, see compile.ts).
const entry = createRequire(import.meta.url).resolve('micromark-extension-math');
const { math } = (await import(new URL('lib/syntax.js', pathToFileURL(entry)).href)) as { math: (options?: MathOptions) => Extension };

/**
 * `remark-math` for parsing: `$inline$` and `$$display$$` math become `inlineMath` and `math`
 * nodes (single dollars make inline math, as remark-math's default). Pages are never written
 * back to Markdown by this processor, so no serialiser is added.
 */
export function remarkMathSyntax(this: Processor): undefined {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(math());
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
}
