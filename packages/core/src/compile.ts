import type { DocsgenMessage } from '@docsgen/config';
import {
  rehypeHeadingIds,
  rehypeHighlightCode,
  remarkAbsoluteImages,
  remarkCodeMeta,
  remarkReadingTime,
  remarkUnknownComponents,
  rewriteLatexBlocks,
} from '@docsgen/mdx-transforms';
import { compile } from '@mdx-js/mdx';
import { relative, sep } from 'node:path';
import rehypeKatex from 'rehype-katex';
import rehypeRaw from 'rehype-raw';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { VFileMessage } from 'vfile-message';
import type { Root as HastRoot } from 'hast';
import { recmaPropsAsVariables, rehypeJsxToElements } from './compile-helpers.js';

/** Code-block settings resolved from docs.json (`code`, `styling.codeblocks`). */
export interface CodeBlockOptions {
  themes: { light: string; dark: string };
  chrome: 'bar' | 'bare';
  copyButton: boolean | 'always' | 'hover';
}

export interface PageCompilerOptions {
  /** Project root: image paths and positions are relative to it. */
  root: string;
  /** Code highlighting and code-block chrome. */
  code: CodeBlockOptions;
  /** Component names a page may use without importing them. */
  knownComponents: readonly string[];
  /** User remark plugins, run after docsgen's (default: none). */
  remarkPlugins?: PluggableList | null | undefined;
  /** User rehype plugins, run after docsgen's (default: none). */
  rehypePlugins?: PluggableList | null | undefined;
}

export interface CompiledModule {
  /** ES module: `export default function MDXContent(props)`, plus the page's own exports; empty for `.md`. */
  code: string;
  /** `.md` pages: the HTML syntax tree, rendered with the component map instead of running code. */
  tree?: HastRoot | undefined;
  messages: DocsgenMessage[];
  /** `toc`, `readingTime`, `hasMermaid`, `hasMath`. */
  data: Record<string, unknown>;
}


const source = '@docsgen/core';

/**
 * The page pipeline, in this order (the user slot comes last in each phase):
 *
 * 1. `<latex>` blocks are rewritten to `$$…$$` (string, before parsing);
 * 2. remark: parse (MDX for `.mdx`, CommonMark for `.md`) → frontmatter → GFM → math →
 *    absolute image paths → code-fence meta → reading time → unknown components (MDX only) →
 *    user remark plugins;
 * 3. rehype: raw HTML (`.md` only) → heading ids and table of contents → Shiki highlighting
 *    (code blocks become `<CodeBlock>`) → KaTeX → user rehype plugins;
 * 4. `.mdx`: @mdx-js/mdx compiles to an ES module; `.md`: the tree is kept as data and
 *    rendered with the same component map, so `.md` pages skip MDX and JavaScript entirely.
 */
export function createPageCompiler(options: PageCompilerOptions) {
  const userRemark = options.remarkPlugins ?? [];
  const userRehype = options.rehypePlugins ?? [];

  function remarkPlugins(pagePath: string, isMdx: boolean): PluggableList {
    return [
      remarkFrontmatter,
      remarkGfm,
      remarkMath,
      [remarkAbsoluteImages, { pagePath }],
      remarkCodeMeta,
      remarkReadingTime,
      ...(isMdx ? [[remarkUnknownComponents, { known: [...options.knownComponents] }] as const] : []),
      ...userRemark,
    ] as PluggableList;
  }

  const rehypePlugins: PluggableList = [
    rehypeHeadingIds,
    [rehypeHighlightCode, options.code],
    rehypeKatex,
    ...userRehype,
  ] as PluggableList;

  async function compileFile(input: { file: string; source: string }): Promise<CompiledModule> {
    const pagePath = relative(options.root, input.file).split(sep).join('/');
    const isMdx = input.file.toLowerCase().endsWith('.mdx');
    const file = new VFile({ path: input.file, value: rewriteLatexBlocks(input.source) });
    try {
      let code = '';
      let tree: HastRoot | undefined;
      if (isMdx) {
        const result = await compile(file, {
          jsxImportSource: 'preact',
          remarkPlugins: remarkPlugins(pagePath, true),
          rehypePlugins,
          recmaPlugins: [recmaPropsAsVariables],
        });
        code = String(result.value);
      } else {
        const processor = unified()
          .use(remarkParse)
          .use(remarkPlugins(pagePath, false))
          .use(remarkRehype, { allowDangerousHtml: true })
          .use(rehypeRawWhenNeeded)
          .use(rehypePlugins)
          .use(rehypeJsxToElements);
        tree = (await processor.run(processor.parse(file), file)) as HastRoot;
      }
      file.data.hasMath = /\$\$|\$[^$\n]+\$/.test(input.source);
      return { code, tree, messages: file.messages.map((message) => toDocsgenMessage(message, input.file)), data: file.data };
    } catch (error) {
      return {
        code: '',
        messages: [
          ...file.messages.map((message) => toDocsgenMessage(message, input.file)),
          toDocsgenMessage(error as Error, input.file, { isThrown: true }),
        ],
        data: file.data,
      };
    }
  }

  return { compileFile };
}

/** rehype-raw re-parses the whole page with parse5; most `.md` pages have no raw HTML at all. */
function rehypeRawWhenNeeded() {
  const raw = rehypeRaw({ passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement'] });
  return (tree: HastRoot, file: VFile): HastRoot => (hasRawNodes(tree) ? raw(tree, file) : tree);
}

function hasRawNodes(node: { type: string; children?: unknown[] }): boolean {
  if (node.type === 'raw') return true;
  return (node.children ?? []).some((child) => hasRawNodes(child as { type: string; children?: unknown[] }));
}

/**
 * Turns a vfile message (from MDX, a plugin, or a thrown error) into a DocsgenMessage. Some
 * errors carry their position only in the text ("… (3:14)"), so the text is read too.
 */
export function toDocsgenMessage(
  message: VFileMessage | Error,
  file: string,
  options?: { isThrown?: boolean } | null,
): DocsgenMessage {
  const vfileMessage = message as Partial<VFileMessage>;
  let line = vfileMessage.place && 'start' in vfileMessage.place ? vfileMessage.place.start.line : vfileMessage.place?.line;
  let column = vfileMessage.place && 'start' in vfileMessage.place ? vfileMessage.place.start.column : vfileMessage.place?.column;
  const text = vfileMessage.reason ?? message.message;
  if (line === undefined) {
    const found = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(text) ?? /(?:line|at) (\d+)(?:[:,] ?(?:column )?(\d+))?/i.exec(text);
    if (found) {
      line = Number(found[1]);
      column = found[2] ? Number(found[2]) : 1;
    }
  }
  const place = { file, line, column, note: vfileMessage.note ?? undefined, url: vfileMessage.url ?? undefined };
  if (typeof vfileMessage.ruleId === 'string' && vfileMessage.source?.startsWith('@docsgen/')) {
    // A docsgen plugin's message: its rule id and severity stay as they are.
    return { ...place, reason: text, ruleId: vfileMessage.ruleId, source: vfileMessage.source, fatal: vfileMessage.fatal === true };
  }
  if (!options?.isThrown) {
    // A warning from another plugin (KaTeX, a user plugin): kept, under one rule id of ours.
    const origin = [vfileMessage.source, vfileMessage.ruleId].filter(Boolean).join(':');
    return { ...place, reason: text, ruleId: 'plugin-message', source, fatal: vfileMessage.fatal === true, note: origin ? `Reported by ${origin}.` : place.note };
  }
  return {
    ...place,
    reason: `Cannot compile page: ${text.replace(/\s*\(\d+:\d+(?:-\d+:\d+)?\)\s*$/, '')}`,
    ruleId: 'mdx-syntax',
    source,
    fatal: true,
  };
}
