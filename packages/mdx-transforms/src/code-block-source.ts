import type { Element, ElementContent, RootContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { type CodeMeta, parseCodeMeta, parseLineList } from './code-meta.js';
import {
  type JsxFlowElement,
  readBooleanAttribute,
  readStringAttribute,
} from './jsx-attributes.js';

/**
 * The code of a block and what its author asked for.
 */
export interface CodeSource {
  /** Source code without the final newline. */
  code: string;
  /** Language as written, if any. */
  language: string | undefined;
  /** Fence meta, or the matching attributes of `<CodeBlock>`. */
  meta: CodeMeta;
}

/**
 * Read `<pre><code class="language-x">` (a fence after remark-rehype).
 *
 * @param pre
 *   Any element.
 * @returns
 *   The code block, or `undefined` when `pre` is not one (or is math, left to rehype-katex).
 */
export function readPre(pre: Element): CodeSource | undefined {
  if (pre.tagName !== 'pre') return undefined;
  const elements = pre.children.filter((child) => child.type !== 'text' || child.value.trim() !== '');
  const code = elements[0];
  if (elements.length !== 1 || code?.type !== 'element' || code.tagName !== 'code') return undefined;

  const classes = code.properties.className;
  const classList = Array.isArray(classes) ? classes.map(String) : [];
  const language = classList.find((name) => name.startsWith('language-'))?.slice(9);
  if (language === 'math' || classList.includes('math-display')) return undefined;

  const meta = (code.data as { meta?: unknown } | undefined)?.meta;
  return {
    code: toString(code).replace(/\n$/, ''),
    language,
    meta: isCodeMeta(meta) ? meta : parseCodeMeta(typeof meta === 'string' ? meta : undefined),
  };
}

/**
 * Read an author's `<CodeBlock language="js" filename="x.js" highlight="{1,3}">` whose
 * children are static: text, a string or template literal without `${}`, or one fence.
 *
 * @param node
 *   `CodeBlock` element.
 * @param source
 *   Source text of the page, to read expressions as written (see `staticText`).
 * @returns
 *   The code block, or `undefined` when its children are not static.
 */
export function readCodeBlockElement(
  node: JsxFlowElement,
  source: string | undefined,
): CodeSource | undefined {
  const children = node.children.filter(
    (child) => child.type !== 'text' || child.value.trim() !== '',
  );
  const inner = children.length === 1 && children[0]!.type === 'element' ? readPre(children[0]!) : undefined;
  const text = inner ? inner.code : staticText(children, source);
  if (text === undefined) return undefined;

  const options = readCodeBlockOptions(node, inner);
  return {
    code: inner ? text : text.replace(/^[ \t]*\n/, '').replace(/\s+$/, ''),
    language: options.language,
    meta: options.meta,
  };
}

/**
 * Read an author's `<CodeBlock>` whose children are values only known when the page renders:
 * text and expressions, at least one of them not a literal (`{PyUsage}`, a constant a snippet
 * exports). Its code is the value the renderer gets; its language and options are read here.
 *
 * @param node
 *   `CodeBlock` element.
 * @param source
 *   Source text of the page, to tell literal expressions from others (see `staticText`).
 * @returns
 *   Language and options, or `undefined` when the children are static (see
 *   `readCodeBlockElement`), empty, or not text and expressions alone.
 */
export function readLateCodeBlock(
  node: JsxFlowElement,
  source: string | undefined,
): Omit<CodeSource, 'code'> | undefined {
  const children = node.children.filter(
    (child) => child.type !== 'text' || child.value.trim() !== '',
  );
  const isExpression = (child: (typeof children)[number]) =>
    child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression';
  if (!children.some(isExpression) || !children.every((child) => child.type === 'text' || isExpression(child))) return undefined;
  if (staticText(children, source) !== undefined) return undefined;
  return readCodeBlockOptions(node, undefined);
}

/** Language and meta of a `<CodeBlock>`: its attributes, over those of the fence inside it. */
function readCodeBlockOptions(node: JsxFlowElement, inner: CodeSource | undefined): Omit<CodeSource, 'code'> {
  const bare = readBooleanAttribute(node, 'bare');
  const bar = readBooleanAttribute(node, 'bar');
  const chrome = readStringAttribute(node, 'chrome');
  const highlight = readStringAttribute(node, 'highlight');
  const focus = readStringAttribute(node, 'focus');
  const meta: CodeMeta = {
    ...(inner?.meta ?? parseCodeMeta(undefined)),
  };

  meta.title = readStringAttribute(node, 'title', 'filename') ?? meta.title;
  meta.icon = readStringAttribute(node, 'icon') ?? meta.icon;
  meta.lines = readBooleanAttribute(node, 'lines') ?? meta.lines;
  meta.wrap = readBooleanAttribute(node, 'wrap') ?? meta.wrap;
  meta.expandable = readBooleanAttribute(node, 'expandable') ?? meta.expandable;
  meta.noCopy = readBooleanAttribute(node, 'nocopy', 'noCopy') ?? meta.noCopy;
  if (highlight !== undefined) meta.highlight = parseLineList(highlight);
  if (focus !== undefined) meta.focus = parseLineList(focus);
  if (chrome === 'bar' || chrome === 'bare') meta.chrome = chrome;
  else if (bare) meta.chrome = 'bare';
  else if (bar) meta.chrome = 'bar';

  return { language: readStringAttribute(node, 'language', 'lang') ?? inner?.language, meta };
}

function isCodeMeta(value: unknown): value is CodeMeta {
  return typeof value === 'object' && value !== null && Array.isArray((value as CodeMeta).highlight);
}

/**
 * Text of static children, or `undefined` when one of them is not static.
 *
 * Expressions are read from the page source when positions allow: MDX strips the indentation
 * of every line of an expression (`{`a\n  b`}` has the value `` `a\nb` ``), which would
 * flatten indented code.
 */
function staticText(
  children: readonly (ElementContent | RootContent)[],
  source: string | undefined,
): string | undefined {
  const parts: string[] = [];

  for (const child of children) {
    if (child.type === 'text') parts.push(child.value);
    else if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') {
      const value = readStringLiteral(expressionSource(child, source) ?? child.value);
      if (value === undefined) return undefined;
      parts.push(value);
    } else if (child.type === 'element' && (child.tagName === 'p' || child.tagName === 'br')) {
      const value = child.tagName === 'br' ? '\n' : staticText(child.children, source);
      if (value === undefined) return undefined;
      // Paragraphs were separated by a blank line in the source.
      parts.push(child.tagName === 'p' && parts.length > 0 ? '\n\n' + value : value);
    } else return undefined;
  }

  return parts.length === 0 ? undefined : parts.join('');
}

/** The text between `{` and `}` of an expression, as written in the page. */
function expressionSource(
  node: { position?: { start: { offset?: number }; end: { offset?: number } } | undefined },
  source: string | undefined,
): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (source === undefined || start === undefined || end === undefined) return undefined;
  if (source[start] !== '{' || source[end - 1] !== '}') return undefined;
  return source.slice(start + 1, end - 1);
}

/** Value of a JavaScript string or template literal without `${}`, such as `` `a\nb` ``. */
function readStringLiteral(expression: string): string | undefined {
  const match =
    /^\s*(?:`((?:[^`\\$]|\\[\s\S]|\$(?!\{))*)`|"((?:[^"\\\n]|\\[\s\S])*)"|'((?:[^'\\\n]|\\[\s\S])*)')\s*$/.exec(
      expression,
    );
  if (!match) return undefined;
  const raw = match[1] ?? match[2] ?? match[3] ?? '';
  return raw.replace(/\\(u\{[\da-fA-F]+\}|u[\da-fA-F]{4}|x[\da-fA-F]{2}|\r?\n|[\s\S])/g, (_, escape: string) => {
    if (escape === 'n') return '\n';
    if (escape === 't') return '\t';
    if (escape === 'r') return '\r';
    if (escape === '\n' || escape === '\r\n') return '';
    if (/^[ux]/.test(escape) && escape.length > 1) {
      return String.fromCodePoint(Number.parseInt(escape.replace(/^u\{?|^x|\}$/g, ''), 16));
    }
    return escape;
  });
}
