import type { DocsgenMessage } from '@docsgen/config';
import {
  parseCodeMeta,
  rehypeHeadingIds,
  rehypeHighlightCode,
  remarkAbsoluteImages,
  remarkAbsoluteLinks,
  remarkChangelog,
  remarkCodeMeta,
  remarkReadingTime,
  remarkUnknownComponents,
  remarkUnnestLinks,
  remarkUnnestParagraphs,
  rewriteLatexBlocks,
} from '@docsgen/mdx-transforms';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import type { VFileMessage } from 'vfile-message';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import {
  hasAutolinkTrigger,
  mayHaveAutolinkLiterals,
  plainMarkdownBody,
  recmaPropsAsVariables,
  recmaUnusedImports,
  rehypeJsxHeadings,
  rehypeJsxToElements,
  rehypeWrapTables,
  rehypeVisibilityComponent,
  remarkGfmWithoutAutolinkLiterals,
} from './compile-helpers.js';
import { remarkClassCandidates } from './class-candidates.js';
import type { CustomLanguage } from './custom-languages.js';
import { recmaHandlerIslands } from './recma-handler-islands.js';
import { remarkHeadingIds } from './remark-heading-ids.js';
import { remarkMathSyntax } from './remark-math-syntax.js';
import { remarkSnippetFiles } from './remark-snippet-files.js';
import { plainMdxKind, rehypeKeepJsx, rehypeRestoreJsx, remarkUnravelJsx } from './mdx-tree.js';

/** Code-block settings resolved from docs.json (`code`, `styling.codeblocks`). */
export interface CodeBlockOptions {
  themes: { light: string; dark: string };
  chrome: 'bar' | 'bare';
  copyButton: boolean | 'always' | 'hover';
  /** Custom Shiki grammars from `styling.codeblocks.languages.custom` (see `loadCustomLanguages`; default: none). */
  languages?: readonly CustomLanguage[] | undefined;
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
  /**
   * The page's body as written, when it is plain Markdown (`plainMarkdownBody`) and no user
   * plugin could change it: its Markdown twin, with nothing to render.
   */
  markdown?: string | undefined;
  messages: DocsgenMessage[];
  /** `toc`, `readingTime`, `hasMermaid`, `hasMath`. */
  data: Record<string, unknown>;
}


const source = '@docsgen/core';

/**
 * Components the hosted platform's pages use without importing them, read as HTML elements:
 * `<Link href="/x">` (Mem0's docs write it 45 times) is a link, as a reader expects.
 */
const hostElements = { Link: 'a' };

type MdxModule = typeof import('@mdx-js/mdx');

/**
 * The unified processors of a compiler, made from its options: Markdown (`.md`), MDX with code
 * generation, and MDX kept as a tree (`.mdx` pages without JavaScript), each with or without
 * GFM's autolink literals.
 */
function createProcessorFactories(options: PageCompilerOptions) {
  const userRemark = options.remarkPlugins ?? [];
  const userRehype = options.rehypePlugins ?? [];

  function remarkPlugins(isMdx: boolean, hasAutolinks: boolean): PluggableList {
    return [
      remarkFrontmatter,
      // The class names of the page as written, for the site's Tailwind stylesheet.
      remarkClassCandidates,
      hasAutolinks ? remarkGfm : remarkGfmWithoutAutolinkLiterals,
      remarkMathSyntax,
      // `## Title {#id}`: read as text in MDX, then set as the heading's id.
      remarkHeadingIds,
      remarkAbsoluteImages,
      remarkAbsoluteLinks,
      remarkCodeMeta,
      remarkReadingTime,
      // `<Update>` entries, for the page's RSS feed: before user plugins change the tree.
      // A JSX `<a>` whose text GFM made a link (an email address): one link, not two.
      // Text on lines of its own in `<p>` or `<h1>`: no paragraph in a paragraph.
      ...(isMdx ? [remarkUnnestLinks, remarkUnnestParagraphs, remarkChangelog, [remarkUnknownComponents, { known: [...options.knownComponents], elements: hostElements }] as const] : []),
      ...userRemark,
    ] as PluggableList;
  }

  const rehypePlugins: PluggableList = [
    rehypeHeadingIds,
    rehypeJsxHeadings,
    [rehypeHighlightCode, options.code],
    [rehypeKatexWhenNeeded, { hasUserRemarkPlugins: userRemark.length > 0 }],
    rehypeWrapTables,
    ...userRehype,
  ] as PluggableList;

  function createMarkdownProcessor(hasAutolinks: boolean) {
    return unified()
      .use(remarkParse)
      .use(remarkPlugins(false, hasAutolinks))
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeRawWhenNeeded)
      .use(rehypeVisibilityComponent)
      .use(rehypePlugins)
      .use(rehypeJsxToElements)
      .freeze();
  }

  function createMdxProcessor(mdx: MdxModule, hasAutolinks: boolean) {
    return mdx.createProcessor({
      format: 'mdx',
      jsxImportSource: 'preact',
      // Snippets get the page's components (`<Note>` in a snippet works without passing it).
      providerImportSource: 'virtual:docsgen/mdx-components',
      remarkPlugins: remarkPlugins(true, hasAutolinks),
      rehypePlugins,
      recmaPlugins: [recmaUnusedImports, recmaPropsAsVariables, recmaHandlerIslands],
      remarkRehypeOptions: { handlers: mdxPassThroughHandlers },
    }).freeze();
  }

  /**
   * `.mdx` pages without JavaScript (no `import`/`export`, no `{expressions}` but comments,
   * components with string or literal attributes: `isPlainMdx`) run MDX's remark and rehype
   * phases like `.md` pages and keep the tree: no code generation or evaluation, which is most
   * of an `.mdx` page's compile time (`mdx-tree.ts`).
   */
  function createMdxTreeProcessor() {
    return unified()
      .use(remarkUnravelJsx)
      .use(remarkPlugins(true, false))
      .use(remarkRehype, { allowDangerousHtml: true, handlers: mdxPassThroughHandlers })
      .use(rehypePlugins)
      .use(rehypeKeepJsx)
      .use(rehypeJsxToElements)
      .use(rehypeRestoreJsx)
      .freeze();
  }

  return { createMarkdownProcessor, createMdxProcessor, createMdxTreeProcessor };
}

/**
 * The page pipeline, in this order (the user slot comes last in each phase):
 *
 * 1. `<latex>` blocks are rewritten to `$$…$$` (string, before parsing);
 * 2. remark: parse (MDX for `.mdx`, CommonMark for `.md`; `<Snippet file>` tags become
 *    imports) → frontmatter → class names → GFM → math → heading ids written as `{#id}` →
 *    absolute image and link paths → code-fence meta → reading time → `<Update>` entries and
 *    unknown components (MDX only) → user remark plugins;
 * 3. rehype: raw HTML (`.md` only) → heading ids and table of contents → headings written as
 *    JSX become `<Heading>` → Shiki highlighting (code blocks become `<CodeBlock>`) → KaTeX →
 *    tables in a scrolling box → user rehype plugins;
 * 4. `.mdx`: @mdx-js/mdx compiles to an ES module; `.md`: the tree is kept as data and
 *    rendered with the same component map, so `.md` pages skip MDX and JavaScript entirely.
 *
 * The processors are built once per compiler and reused for every page (plugins get their
 * options once; per-page data comes from the file: its path, relative to `root`, places
 * images). A page is parsed with GFM without autolink literals first, and again with full
 * GFM only when its text has something an autolink literal starts with (`www.`, `://`, `@`):
 * the tree is the same either way, and most pages skip the costliest part of GFM. rehype-raw
 * runs only on `.md` pages with raw HTML, KaTeX only on pages that can have math.
 */
export function createPageCompiler(options: PageCompilerOptions) {
  const hasUserPlugins = (options.remarkPlugins ?? []).length > 0 || (options.rehypePlugins ?? []).length > 0;
  const { createMarkdownProcessor, createMdxProcessor, createMdxTreeProcessor } = createProcessorFactories(options);

  // The processors with full GFM are only needed for pages with autolink literals.
  // The MDX processors are made (and @mdx-js/mdx loaded) with the first `.mdx` page: a project
  // of `.md` pages never needs them.
  const processors = {
    md: createMarkdownProcessor(false),
    mdx: undefined as ReturnType<typeof createMdxProcessor> | undefined,
    mdxTree: createMdxTreeProcessor(),
    mdWithAutolinks: undefined as ReturnType<typeof createMarkdownProcessor> | undefined,
    mdxWithAutolinks: undefined as ReturnType<typeof createMdxProcessor> | undefined,
  };
  let mdx: MdxModule | undefined;

  /**
   * Parse without autolink literals; again with them when the text may have one. A page whose
   * source likely has one (`mayHaveAutolinkLiterals`) is parsed with them at once.
   */
  function parse(file: VFile, isMdx: boolean): MdastRoot {
    const parseWithAutolinks = (): MdastRoot =>
      (isMdx ? (processors.mdxWithAutolinks ??= createMdxProcessor(mdx!, true)) : (processors.mdWithAutolinks ??= createMarkdownProcessor(true))).parse(file) as MdastRoot;
    if (mayHaveAutolinkLiterals(String(file.value))) return parseWithAutolinks();
    const processor = isMdx ? (processors.mdx ??= createMdxProcessor(mdx!, false)) : processors.md;
    const messageCount = file.messages.length;
    let tree: MdastRoot | undefined;
    try {
      tree = processor.parse(file) as MdastRoot;
    } catch {
      // A syntax error may sit where full GFM reads an autolink literal: let it decide.
    }
    if (tree && !hasAutolinkTrigger(tree)) return tree;
    // Whatever the first parse reported, the second reports again.
    file.messages.length = messageCount;
    return parseWithAutolinks();
  }

  async function compileFile(input: { file: string; source: string }): Promise<CompiledModule> {
    const isMdx = input.file.toLowerCase().endsWith('.mdx');
    // `remarkAbsoluteImages` places the page from its path relative to `cwd`.
    const file = new VFile({ path: input.file, cwd: options.root, value: rewriteLatexBlocks(input.source) });
    try {
      let code = '';
      let tree: HastRoot | undefined;
      if (isMdx) mdx ??= await import('@mdx-js/mdx');
      const mdast = parse(file, isMdx);
      // `<Snippet file>` tags become imports as the page is read: the page then renders, and is
      // kept as a tree or compiled, as one that imports its snippets.
      if (isMdx) remarkSnippetFiles()(mdast);
      // The file's own code blocks, for a `<CodeGroup>` that shows it as an imported snippet:
      // its tab is labelled like a code block written there (`ModuleRecord.data.codeBlocks`).
      file.data.codeBlocks = codeBlocksOf(mdast);
      // Read before the transforms change the tree.
      const markdown = hasUserPlugins ? undefined : plainMarkdownBody(mdast, String(file.value));
      // Which GFM parsed the page no longer matters here: GFM has no transforms to run.
      const plainKind = isMdx ? plainMdxKind(mdast) : undefined;
      if (plainKind) {
        // Read by `rehypeKeepJsx` and `rehypeRestoreJsx`.
        if (plainKind === 'as-written') file.data.jsxAsWritten = true;
        try {
          tree = (await processors.mdxTree.run(mdast, file)) as HastRoot;
        } finally {
          delete file.data.jsxAsWritten;
        }
      } else if (isMdx) {
        const processor = (processors.mdx ??= createMdxProcessor(mdx!, false));
        code = String(processor.stringify(await processor.run(mdast as never, file), file));
      } else {
        tree = (await processors.md.run(mdast, file)) as HastRoot;
      }
      file.data.hasMath = /\$\$|\$[^$\n]+\$/.test(input.source);
      // Rendering reads no source positions; a third of a kept tree's bytes go with them.
      if (tree) dropPositions(tree);
      return { code, tree, markdown, messages: file.messages.map((message) => toDocsgenMessage(message, input.file)), data: file.data };
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

  /**
   * Parses a page's text to mdast as `compileFile` does (frontmatter as a `yaml` node, GFM,
   * math, MDX syntax for `.mdx`), with no transform run: for benchmarks of the parse alone.
   */
  async function parsePage(input: { file: string; source: string }): Promise<MdastRoot> {
    const isMdx = input.file.toLowerCase().endsWith('.mdx');
    if (isMdx) mdx ??= await import('@mdx-js/mdx');
    return parse(new VFile({ path: input.file, cwd: options.root, value: rewriteLatexBlocks(input.source) }), isMdx);
  }

  // `hasUserPlugins`: plugins are functions, so what the output depends on is not known.
  return { compileFile, parsePage, hasUserPlugins };
}

/** Title, language and icon of the code fences at the top level of a file, in order. */
function codeBlocksOf(tree: MdastRoot): Array<{ title?: string; language?: string; icon?: string }> {
  const blocks: Array<{ title?: string; language?: string; icon?: string }> = [];
  for (const node of tree.children) {
    if (node.type !== 'code') continue;
    const meta = parseCodeMeta(node.meta);
    blocks.push({ ...(meta.title ? { title: meta.title } : {}), ...(node.lang ? { language: node.lang } : {}), ...(meta.icon ? { icon: meta.icon } : {}) });
  }
  return blocks;
}

/** Deletes `position` from every node of the tree, and from JSX attributes. */
function dropPositions(node: { position?: unknown; children?: unknown; attributes?: unknown }): void {
  delete node.position;
  for (const list of [node.children, node.attributes]) {
    if (Array.isArray(list)) for (const child of list) if (typeof child === 'object' && child !== null) dropPositions(child as typeof node);
  }
}

type PassThroughNode = { type: string; children?: unknown[] };
type PassThroughState = { all(node: PassThroughNode): unknown[] };

/** MDX nodes go to hast as they are (remark-rehype's `passThrough`), without its deep copy of each. */
function passThrough(state: PassThroughState, node: PassThroughNode): PassThroughNode {
  return 'children' in node ? { ...node, children: state.all(node) } : { ...node };
}

/**
 * remark-rehype handlers for MDX's nodes, in place of its `passThrough` list, which deep-copies
 * every such node with its JavaScript syntax tree (`data.estree`): the mdast is not used after
 * the conversion, so the hast may share its attributes and data.
 */
const mdxPassThroughHandlers = Object.fromEntries(['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'].map((type) => [type, passThrough])) as never;

/**
 * rehype-raw re-parses the whole page with parse5; most `.md` pages have no raw HTML at all.
 * It (and parse5) load with the first page that has some.
 */
function rehypeRawWhenNeeded() {
  let raw: ((tree: HastRoot, file: VFile) => HastRoot) | undefined;
  return async (tree: HastRoot, file: VFile): Promise<HastRoot> => {
    if (!hasRawNodes(tree)) return tree;
    raw ??= (await import('rehype-raw')).default({ passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement'] }) as (tree: HastRoot, file: VFile) => HastRoot;
    return raw(tree, file);
  };
}

function hasRawNodes(node: { type: string; children?: unknown[] }): boolean {
  if (node.type === 'raw') return true;
  return (node.children ?? []).some((child) => hasRawNodes(child as { type: string; children?: unknown[] }));
}

/**
 * rehype-katex walks the whole tree for `math-inline`/`math-display` and `language-math`
 * elements. remark-math makes those from `$`; a `math` fence or a raw `class="math-…"` spells
 * `math`. A page whose source has neither cannot have one, so the walk is skipped, unless a
 * user remark plugin (which could make math nodes) runs. KaTeX (600 KB of JavaScript) loads
 * with the first page that can have math.
 */
function rehypeKatexWhenNeeded(options: { hasUserRemarkPlugins: boolean }) {
  let katex: ((tree: HastRoot, file: VFile) => undefined) | undefined;
  return async (tree: HastRoot, file: VFile): Promise<undefined> => {
    if (!options.hasUserRemarkPlugins && !/\$|math/.test(String(file.value))) return;
    // A `$` in a shell block passes the test above: load KaTeX only for a tree with math in it.
    if (!hasMathElement(tree)) return;
    katex ??= ((await import('rehype-katex')).default as unknown as () => (tree: HastRoot, file: VFile) => undefined)();
    katex(tree, file);
  };
}

const mathClasses = new Set(['language-math', 'math-display', 'math-inline']);

/** An element rehype-katex renders: one with a class `language-math`, `math-display` or `math-inline`. */
function hasMathElement(node: { type: string; properties?: { className?: unknown }; children?: unknown[] }): boolean {
  const classes = node.type === 'element' ? node.properties?.className : undefined;
  if (Array.isArray(classes) && classes.some((name) => mathClasses.has(String(name)))) return true;
  return (node.children ?? []).some((child) => hasMathElement(child as Parameters<typeof hasMathElement>[0]));
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
