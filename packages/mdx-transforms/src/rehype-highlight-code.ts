import type { Element, ElementContent, Parents, Root, RootContent } from 'hast';
import { bundledLanguages } from 'shiki/langs';
import type { VFile } from 'vfile';
import { type CodeSource, readCodeBlockElement, readLateCodeBlock, readPre } from './code-block-source.js';
import { createCodeBlock, createMermaid } from './code-block-element.js';
import { createCodeBlockHtml, createMermaidHtml, isCodeBlockHtml } from './code-block-html.js';
import { suggestName } from './suggest-name.js';
import { type HighlightedCode, type HighlightRequest, readHighlightCache } from './highlight-cache.js';
import {
  type CustomLanguage,
  defaultThemes,
  hashCustomLanguage,
  indexCustomLanguages,
  isKnownTheme,
  listLanguages,
  resolveLanguage,
} from './highlighter.js';
import { type CustomGrammars, createHighlightRequest, highlightRequests } from './highlight-request.js';
import { type JsxFlowElement, readStringAttribute } from './jsx-attributes.js';

/**
 * Options for `rehypeHighlightCode`.
 */
export interface HighlightCodeOptions {
  /**
   * Shiki theme for both color modes, or one per mode (default:
   * `{ light: 'github-light', dark: 'github-dark' }`).
   */
  themes?: string | { light: string; dark: string } | null | undefined;
  /**
   * Caption bar above each block (`bar`) or none, with the copy button floating over the code
   * (`bare`); a fence's own `bar` or `bare` flag wins (default: `'bar'`).
   */
  chrome?: 'bar' | 'bare' | null | undefined;
  /**
   * Copy button: `true` or `'always'` shows it, `false` removes it, `'hover'` shows it on
   * hover or keyboard focus with bare chrome and always with a bar (default: `true`).
   */
  copyButton?: boolean | 'always' | 'hover' | null | undefined;
  /**
   * Extra TextMate grammars (Shiki's `LanguageRegistration`: `name`, `scopeName`,
   * `patterns`, optional `aliases`); fences name them by `name` or an alias. A name must not
   * be a bundled language's; an alias may shadow one (default: none).
   */
  languages?: readonly CustomLanguage[] | null | undefined;
  /**
   * What a block becomes: `'mdx'`, an MDX JSX `<CodeBlock>` (and `<Mermaid>`) element for a
   * host that compiles with MDX and supplies those components, as docsgen does; or `'html'`,
   * plain elements (`<figure class="code-block">` around Shiki's `<pre>`, `<pre class="mermaid">`)
   * for a plain unified pipeline ending in rehype-stringify (default: `'mdx'`).
   */
  output?: 'mdx' | 'html' | null | undefined;
}

/**
 * `HighlightCodeOptions` with every default applied.
 */
export interface ResolvedHighlightCodeOptions {
  themes: { light: string; dark: string };
  chrome: 'bar' | 'bare';
  copyButton: boolean | 'always' | 'hover';
  languages: readonly CustomLanguage[];
  output: 'mdx' | 'html';
}

declare module 'vfile' {
  interface DataMap {
    /** Whether the page has a Mermaid diagram, set by `rehypeHighlightCode`. */
    hasMermaid: boolean;
    /**
     * The page's highlighted blocks by cache key, set by `rehypeHighlightCode`: kept with a
     * compiled page so that a later compile of the edited page can reuse them
     * (`rememberHighlightedCode`).
     */
    highlighted: Array<[key: string, highlighted: HighlightedCode]>;
  }
}

interface Block {
  parent: Parents;
  index: number;
  /** Author `<CodeBlock>` to complete, or `undefined` for a fence. */
  element: JsxFlowElement | undefined;
  source: CodeSource;
  request: HighlightRequest;
  key: string;
  result: HighlightedCode | undefined;
}

const defaults: ResolvedHighlightCodeOptions = {
  themes: { ...defaultThemes },
  chrome: 'bar',
  copyButton: true,
  languages: [],
  output: 'mdx',
};
const source = '@docsgen/mdx-transforms';

/**
 * Highlight code blocks with Shiki, both color modes in one HTML through CSS variables.
 *
 * Each `<pre><code>` (a fence) and each author `<CodeBlock>` with static children becomes an
 * MDX JSX `<CodeBlock>` element with string attributes: `html` (highlighted `<pre>`), `code`
 * (as copied), `language`, `title`, `icon`, `lines`, `wrap`, `expandable`, `highlight`,
 * `focus`, `chrome` and `copy`. An author `<CodeBlock>` whose children are values known only
 * when the page renders (`{PyUsage}`) gets the same attributes except `html` and `code`, and keeps
 * its children, for the renderer to highlight (`createCodeBlockHighlighter`; left as it is with
 * `output: 'html'`). Mermaid fences become `<Mermaid chart>` and set
 * `file.data.hasMermaid`; their meta may say `actions`, `actions=false` and
 * `placement=top-left` (or another corner). With `output: 'html'` blocks become plain elements
 * instead (`<figure class="code-block">` around the highlighted `<pre>`, `<pre class="mermaid">`),
 * for a pipeline that ends in rehype-stringify. An unknown language is shown as plain text with the warning
 * `code-language-unknown`. Output is cached per process (see `getHighlighter`), and each
 * block's output is listed in `file.data.highlighted`.
 *
 * @param options
 *   Themes, chrome and copy button.
 * @returns
 *   Transform.
 */
export function rehypeHighlightCode(options?: HighlightCodeOptions | null | undefined) {
  const settings = resolveHighlightCodeOptions(options);
  const grammars: CustomGrammars = {
    languages: settings.languages,
    index: indexCustomLanguages(settings.languages),
    hashes: new Map(settings.languages.map((language) => [language.name, hashCustomLanguage(language)])),
  };

  return async function (tree: Root, file: VFile): Promise<undefined> {
    const blocks: Block[] = [];
    const lateBlocks: Array<{ parent: Parents; index: number; element: JsxFlowElement; source: Omit<CodeSource, 'code'> }> = [];
    let hasMermaid = false;

    walk(tree, (node, index, parent) => {
      if (node.type === 'mdxJsxFlowElement' && node.name === 'Mermaid') hasMermaid = true;

      if (node.type === 'element' && isCodeBlockHtml(node)) {
        if (node.tagName === 'pre') hasMermaid = true;
        return false;
      }

      if (node.type === 'element' && node.tagName === 'pre') {
        const code = readPre(node);
        if (!code) return false;
        if (code.language?.toLowerCase() === 'mermaid') {
          if (settings.output === 'html') {
            parent.children[index] = createMermaidHtml(code.code, node.position);
          } else {
            const mermaid = createMermaid(code.code, node.position);
            mermaid.attributes.push(...readMermaidMeta(node));
            parent.children[index] = mermaid;
          }
          hasMermaid = true;
        } else {
          blocks.push(createBlock(code, undefined, parent, index, settings, grammars, file, node.position));
        }
        return false;
      }

      // An author's `<CodeBlock>`; one this plugin made already has `html` and is left alone.
      if (node.type === 'mdxJsxFlowElement' && node.name === 'CodeBlock') {
        if (readStringAttribute(node, 'html') !== undefined || isCompletedLate(node)) return false;
        const source = typeof file.value === 'string' ? file.value : undefined;
        const code = readCodeBlockElement(node, source);
        if (code) blocks.push(createBlock(code, node, parent, index, settings, grammars, file, node.position));
        // `{PyUsage}`: the code is known when the page renders (the renderer highlights it).
        const late = code ? undefined : readLateCodeBlock(node, source);
        if (late) {
          warnUnknownLanguage(late.language, grammars, file, node.position);
          lateBlocks.push({ parent, index, element: node, source: late });
        }
        return false;
      }

      return true;
    });

    file.data.hasMermaid = hasMermaid;
    const misses = blocks.filter((block) => block.result === undefined);

    const results = await highlightRequests(misses, grammars);
    for (const [index, block] of misses.entries()) block.result = results[index];

    file.data.highlighted = blocks.map((block) => [block.key, block.result!]);
    if (settings.output === 'html' && blocks.length > 0) {
      const { fromHtml } = await import('hast-util-from-html');
      const parse = (html: string) => dropPositions(fromHtml(html, { fragment: true }).children as ElementContent[]);
      for (const { parent, index, source: code, request, result } of blocks) {
        const position = parent.children[index]!.position;
        parent.children[index] = createCodeBlockHtml({ position, meta: code.meta, language: request.language, highlighted: result!, parse });
      }
      return;
    }
    // Completed as a highlighted block's would be (`title`, `chrome`, `copy`), children kept.
    for (const { parent, index, element, source: code } of lateBlocks) {
      // A second run leaves it alone (and does not warn again).
      element.data = { ...element.data, [completedLate]: true } as JsxFlowElement['data'];
      parent.children[index] = createCodeBlock({
        element,
        position: element.position,
        meta: code.meta,
        language: resolveLanguage(code.language, grammars.index).name,
        highlighted: undefined,
        chrome: settings.chrome,
        copyButton: settings.copyButton,
      });
    }
    for (const block of blocks) {
      const { parent, index, element, source: code, request, result } = block;
      parent.children[index] = createCodeBlock({
        element,
        position: parent.children[index]!.position,
        meta: code.meta,
        language: request.language,
        highlighted: result!,
        chrome: settings.chrome,
        copyButton: settings.copyButton,
      });
    }
  };
}

/**
 * Options with every default applied; a bad value throws a `TypeError` naming the option
 * (internal: `createCodeBlockHighlighter` checks its options with it too).
 */
export function resolveHighlightCodeOptions(
  options: HighlightCodeOptions | null | undefined,
): ResolvedHighlightCodeOptions {
  const themes = options?.themes ?? defaults.themes;
  const pair = typeof themes === 'string' ? { light: themes, dark: themes } : themes;
  const chrome = options?.chrome ?? defaults.chrome;
  const copyButton = options?.copyButton ?? defaults.copyButton;

  for (const mode of ['light', 'dark'] as const) {
    const name: unknown = pair?.[mode];
    if (typeof name !== 'string' || !isKnownTheme(name)) {
      throw new TypeError(
        `Cannot highlight code with \`${String(name)}\` for \`options.themes${typeof themes === 'string' ? '' : '.' + mode}\`, expected a Shiki theme name such as \`github-${mode}\``,
      );
    }
  }

  if (chrome !== 'bar' && chrome !== 'bare') {
    throw new TypeError(
      `Cannot highlight code with \`${String(chrome)}\` for \`options.chrome\`, expected \`'bar'\` or \`'bare'\``,
    );
  }

  if (typeof copyButton !== 'boolean' && copyButton !== 'always' && copyButton !== 'hover') {
    throw new TypeError(
      `Cannot highlight code with \`${String(copyButton)}\` for \`options.copyButton\`, expected \`true\`, \`false\`, \`'always'\` or \`'hover'\``,
    );
  }

  const output = options?.output ?? defaults.output;
  if (output !== 'mdx' && output !== 'html') {
    throw new TypeError(
      `Cannot highlight code with \`${String(output)}\` for \`options.output\`, expected \`'mdx'\` or \`'html'\``,
    );
  }

  const languages = options?.languages ?? defaults.languages;
  for (const [index, language] of languages.entries()) {
    if (
      typeof language?.name !== 'string' ||
      language.name === '' ||
      Object.hasOwn(bundledLanguages, language.name.toLowerCase()) ||
      typeof language.scopeName !== 'string' ||
      !Array.isArray(language.patterns)
    ) {
      throw new TypeError(
        `Cannot highlight code with \`${String(language?.name)}\` for \`options.languages[${index}]\`, expected a grammar with a \`name\` Shiki does not bundle, a string \`scopeName\` and an array \`patterns\``,
      );
    }
  }

  return { themes: { light: pair.light, dark: pair.dark }, chrome, copyButton, languages, output };
}

function createBlock(
  code: CodeSource,
  element: JsxFlowElement | undefined,
  parent: Parents,
  index: number,
  settings: ResolvedHighlightCodeOptions,
  grammars: CustomGrammars,
  file: VFile,
  place: JsxFlowElement['position'],
): Block {
  warnUnknownLanguage(code.language, grammars, file, place);
  const { request, key } = createHighlightRequest(code, settings.themes, grammars);
  return { parent, index, element, source: code, request, key, result: readHighlightCache(key) };
}

/** `code-language-unknown` for a language neither Shiki nor a custom grammar knows. */
function warnUnknownLanguage(language: string | undefined, grammars: CustomGrammars, file: VFile, place: JsxFlowElement['position']): undefined {
  if (resolveLanguage(language, grammars.index).isKnown) return;
  const message = file.message(
    `Unexpected code language \`${language}\`, expected a language Shiki knows; the block is shown as plain text`,
    { place, ruleId: 'code-language-unknown', source },
  );
  message.actual = language;
  const suggestion = suggestName(language!, [...listLanguages(), ...grammars.index.keys()]);
  message.note = suggestion
    ? `Did you mean \`${suggestion}\`?`
    : 'Use a language id from https://shiki.style/languages, or `text`.';
  if (suggestion) message.expected = [suggestion];
}

/** Key in `data` of a `<CodeBlock>` with late children this plugin completed. */
const completedLate = 'docsgenLateCode';

function isCompletedLate(node: JsxFlowElement): boolean {
  return (node.data as Record<string, unknown> | undefined)?.[completedLate] === true;
}

/**
 * `actions`, `actions=false` and `placement=<corner>` from a Mermaid fence's meta, as
 * attributes of `<Mermaid>` (the code-meta parser keeps neither).
 */
function readMermaidMeta(pre: Element): JsxFlowElement['attributes'] {
  const code = pre.children.find((child) => child.type === 'element' && child.tagName === 'code');
  const meta = (code?.data as { meta?: unknown } | undefined)?.meta;
  if (typeof meta !== 'string') return [];
  const attributes: JsxFlowElement['attributes'] = [];
  const actions = /(?:^|\s)actions(?:=(?:"|'|\{)?(true|false)(?:"|'|\})?)?(?=\s|$)/i.exec(meta);
  if (actions) attributes.push({ type: 'mdxJsxAttribute', name: 'actions', value: actions[1]?.toLowerCase() ?? 'true' });
  const placement = /(?:^|\s)placement=(?:"|')?((?:top|bottom)-(?:left|right))(?:"|')?(?=\s|$)/i.exec(meta);
  if (placement) attributes.push({ type: 'mdxJsxAttribute', name: 'placement', value: placement[1]!.toLowerCase() });
  return attributes;
}

/** Nodes parsed from highlighted HTML have positions in that string, not in the page: drop them. */
function dropPositions(nodes: ElementContent[]): ElementContent[] {
  for (const node of nodes) {
    delete node.position;
    if (node.type === 'element') dropPositions(node.children);
  }
  return nodes;
}

/**
 * Depth-first walk calling `visitor` for every node below `parent`; children are entered
 * when it returns `true`. Hand-written instead of unist-util-visit: on a warm build the walk
 * is most of this plugin's time, and a plain loop is several times faster.
 */
function walk(
  parent: Parents,
  visitor: (node: RootContent, index: number, parent: Parents) => boolean,
): undefined {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!;
    if (visitor(node, index, parent) && 'children' in node) walk(node, visitor);
  }
}
