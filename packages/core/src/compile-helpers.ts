import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { ImportDeclaration, Node, Program, Statement } from 'estree';
import type { Heading, Root as MdastRoot } from 'mdast';
import remarkGfm from 'remark-gfm';
import type { Processor } from 'unified';
import { sanitizeHref } from '@docsgen/renderer';
import { customHeadingId } from './remark-heading-ids.js';
import { injectedGlobals } from './runtime.js';

/**
 * A heading written as JSX in an `.mdx` page (`<h2 className="…">`, `<h2>` to `<h6>`: an
 * `<h1>` is a landing page's title, which stays as written) becomes the `<Heading>`
 * component with its rank as `level`, its attributes kept. MDX hands only the headings
 * Markdown makes to the component map, so such a heading rendered as a bare element: no
 * self-link, and the platform's `noAnchor` written out as an attribute. On the hosted platform
 * it is a heading like any other (after `rehypeHeadingIds`, which gave it its id). A heading in
 * a part of the page with an event handler (`<button onClick>`) stays an element: that part
 * runs in the browser, where only plain elements can go (`recmaHandlerIslands`).
 */
export function rehypeJsxHeadings() {
  type Node = { type: string; name?: string | null; attributes?: Array<{ type: string; name?: unknown; value?: unknown }>; children?: Node[] };
  const isJsx = (node: Node) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
  const hasHandler = (node: Node): boolean =>
    (isJsx(node) && (node.attributes ?? []).some((attribute) => attribute.type === 'mdxJsxAttribute' && /^on[A-Z]/.test(String(attribute.name)))) ||
    (node.children ?? []).some(hasHandler);
  const visit = (node: Node): void => {
    const rank = isJsx(node) && typeof node.name === 'string' ? /^h([2-6])$/.exec(node.name) : null;
    if (rank) {
      node.name = 'Heading';
      node.attributes!.unshift({ type: 'mdxJsxAttribute', name: 'level', value: rank[1] });
    }
    for (const child of node.children ?? []) visit(child);
  };
  return (tree: HastRoot): void => {
    for (const part of tree.children as Node[]) if (!hasHandler(part)) visit(part);
  };
}

/**
 * Each table sits in a box that scrolls sideways (`<div class="dg-table-wrap">`),
 * as the hosted platform draws it: the table itself stays `display: table`, which projects' CSS
 * written for the platform sets (Phoenix's `table { display: table !important }` made a table
 * that scrolled by itself widen phone pages to 737 px, and its tables written as JSX 896 px).
 * Plain elements, so a page's plain parts stay plain; the Markdown twin unwraps the box.
 */
export function rehypeWrapTables() {
  return (tree: HastRoot): void => {
    const visit = (parent: { children: Array<HastRoot['children'][number] | ElementContent> }): void => {
      parent.children.forEach((child, index) => {
        if (child.type === 'element' && child.tagName === 'table') {
          parent.children[index] = { type: 'element', tagName: 'div', properties: { className: ['dg-table-wrap'] }, children: [child] };
          return;
        }
        // A table written as JSX (pages moved from GitBook write many) gets the same box.
        if (child.type === 'mdxJsxFlowElement' && child.name === 'table') {
          parent.children[index] = { type: 'mdxJsxFlowElement', name: 'div', attributes: [{ type: 'mdxJsxAttribute', name: 'className', value: 'dg-table-wrap' }], children: [child] };
          return;
        }
        if ('children' in child && Array.isArray(child.children)) visit(child as { children: ElementContent[] });
      });
    };
    visit(tree);
  };
}

/**
 * `.md` pages render their tree without MDX's evaluator, which only resolves component names
 * given as plain element names: so the `<CodeBlock>`/`<Mermaid>` elements the highlighter
 * inserts become ordinary elements with their (string) attributes as properties.
 */
export function rehypeJsxToElements() {
  return (tree: HastRoot): void => {
    const convert = (children: Array<HastRoot['children'][number] | ElementContent>): void => {
      children.forEach((child, index) => {
        if (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') {
          const properties: Element['properties'] = {};
          for (const attribute of child.attributes) {
            if (attribute.type === 'mdxJsxAttribute' && (typeof attribute.value === 'string' || attribute.value === null)) {
              properties[attribute.name] = attribute.value ?? true;
            }
          }
          const element: Element = { type: 'element', tagName: child.name ?? 'div', properties, children: child.children as ElementContent[] };
          children[index] = element;
        }
        const current = children[index];
        if (current && 'children' in current) convert(current.children as ElementContent[]);
      });
    };
    convert(tree.children);
  };
}

/**
 * `.md` pages are Markdown with raw HTML, not MDX: their components are plain HTML elements,
 * whose names the HTML parser lower-cases. `<Visibility for="agents">` is the one honoured
 * there, as on the hosted platform: it becomes the component, so agents-only content stays off
 * the web page and human-only content out of the Markdown twin.
 */
export function rehypeVisibilityComponent() {
  return (tree: HastRoot): void => {
    const visit = (node: { type: string; children?: unknown[] }): void => {
      if (node.type === 'element') {
        const element = node as Element;
        if (element.tagName === 'visibility') {
          const audience = element.properties.htmlFor ?? element.properties.for;
          element.tagName = 'Visibility';
          element.properties = audience === undefined ? {} : { for: Array.isArray(audience) ? audience.join(' ') : String(audience) };
        }
      }
      for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] });
    };
    visit(tree);
  };
}

// Not props: MDX's own names, and the names every project module gets (`React`, its hooks),
// which a page uses in its content too (agno's home page: `React.useState` in an inline function).
const ignoredNames = new Set(['props', 'arguments', 'undefined', 'NaN', 'Infinity', '_components', ...Object.keys(injectedGlobals)]);

/**
 * Real projects of this format write a snippet's props as free variables (`Hello, {word}`),
 * where MDX only knows `props.word`. This recma plugin finds the free variables of the content
 * function (not declared in the module, not globals) and declares them from `props` at its
 * top, so `{word}` reads the prop and a missing prop is `undefined`, not a crash.
 */
export function recmaPropsAsVariables() {
  return (program: Program): void => {
    const content = program.body.find(
      (statement): statement is Extract<Statement, { type: 'FunctionDeclaration' }> =>
        statement.type === 'FunctionDeclaration' && statement.id?.name === '_createMdxContent',
    );
    if (!content) return;
    const declared = new Set<string>();
    collectDeclarations(program, declared, content);
    const referenced = new Set<string>();
    collectReferences(content.body, referenced);
    const free = [...referenced].filter(
      (name) => !declared.has(name) && !ignoredNames.has(name) && !(name in globalThis),
    );
    if (free.length === 0) return;
    content.body.body.unshift({
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [
        {
          type: 'VariableDeclarator',
          id: {
            type: 'ObjectPattern',
            properties: free.sort().map((name) => ({
              type: 'Property',
              key: { type: 'Identifier', name },
              value: { type: 'Identifier', name },
              kind: 'init',
              computed: false,
              method: false,
              shorthand: true,
            })),
          },
          init: { type: 'Identifier', name: 'props' },
        },
      ],
    });
  };
}

/**
 * Takes out of the compiled page the imports of project files (`./x`, `/snippets/x`) none of
 * whose names the page uses, and lists their specifiers in `file.data.unusedImports`. Real
 * projects keep the import of a component they only mention inside a `{/* … *\/}` comment;
 * the hosted platform builds such a page even when the file is gone. The module graph then
 * only warns when such a file is missing (`ProjectModules`), and never loads it.
 */
export function recmaUnusedImports() {
  return (program: Program, file: { data: Record<string, unknown> }): void => {
    const imports = program.body.filter(
      (statement): statement is ImportDeclaration =>
        statement.type === 'ImportDeclaration' && statement.specifiers.length > 0 && /^[./]/.test(String(statement.source.value)),
    );
    if (imports.length === 0) return;
    const referenced = new Set<string>();
    for (const statement of program.body) if (statement.type !== 'ImportDeclaration') collectReferences(statement, referenced);
    const unused = imports.filter((statement) => statement.specifiers.every((specifier) => !referenced.has(specifier.local.name)));
    if (unused.length === 0) return;
    program.body = program.body.filter((statement) => !unused.includes(statement as ImportDeclaration));
    file.data.unusedImports = unused.map((statement) => String(statement.source.value));
  };
}

/**
 * The names the content function `content` can see declared: the module's (imports,
 * variables, functions, classes) and its own (parameters, variables). Not another function's
 * parameters or locals: MDX adds `function _missingMdxReference(id, component)` to a page that
 * uses a provided component, and a page writing `{id}` (`DELETE /v1/users/{id}` in Arize's
 * docs) then read `id` as declared, and threw `id is not defined`.
 */
function collectDeclarations(node: unknown, names: Set<string>, content: Node): void {
  walk(node, (current) => {
    switch (current.type) {
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        names.add(current.local.name);
        return;
      case 'VariableDeclarator':
        addPattern(current.id, names);
        return;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if (current.type === 'FunctionDeclaration' && current.id) names.add(current.id.name);
        if (current !== content) return false;
        for (const param of current.params) addPattern(param, names);
        return;
      case 'ClassDeclaration':
        if (current.id) names.add(current.id.name);
        return;
    }
  });
}

/** Adds to `names` the names a declaration pattern binds: `x`, `y` and `z` in `[x, { key: y }, z = 1]`. */
export function addPattern(pattern: Node, names: Set<string>): void {
  walk(pattern, (current, parent) => {
    if (current.type !== 'Identifier') return;
    // In `{ a: b }` only `b` is bound; a default value's identifiers are references.
    if (parent?.type === 'Property' && parent.key === current && !parent.shorthand) return;
    if (parent?.type === 'AssignmentPattern' && parent.right === current) return;
    names.add(current.name);
  });
}

/** Identifiers used as values (not property names, not labels). */
export function collectReferences(node: Node, names: Set<string>): void {
  walk(node, (current, parent) => {
    if (isReference(current, parent)) names.add(current.name);
  });
}

/** Whether `node` is an identifier used as a value (not a property name, not a label). */
export function isReference(node: Node, parent: Node | undefined): node is Node & { type: 'Identifier' } {
  if (node.type !== 'Identifier') return false;
  if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return false;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key === node && !parent.computed) {
    if (!(parent.type === 'Property' && parent.shorthand)) return false;
  }
  return parent?.type !== 'LabeledStatement' && parent?.type !== 'BreakStatement' && parent?.type !== 'ContinueStatement';
}

// Keys that hold positions or data, never child nodes.
const skippedKeys = new Set(['type', 'loc', 'range', 'position', 'data', 'start', 'end']);

/**
 * Depth-first walk over every ESTree node below `node`; `visit` returning `false` skips what is
 * below that node. A `for…in` over the keys instead of `Object.entries`: on an MDX page this
 * walk visits every node of the compiled program twice, and building an array of entries per
 * node was most of its cost.
 */
export function walk(node: unknown, visit: (node: Node, parent: Node | undefined) => boolean | void, parent?: Node): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit, parent);
    return;
  }
  const current = node as Node & Record<string, unknown>;
  if (typeof current.type !== 'string') return;
  if (visit(current, parent) === false) return;
  for (const key in current) {
    if (skippedKeys.has(key)) continue;
    const value = current[key];
    if (value && typeof value === 'object') walk(value, visit, current);
  }
}

// The constructs and the mdast extension of micromark-extension-gfm-autolink-literal, as
// remark-gfm bundles them (its `gfm()` and `gfmFromMarkdown()`).
const autolinkConstructs = new Set(['wwwAutolink', 'protocolAutolink', 'emailAutolink']);

/**
 * remark-gfm without autolink literals (`www.x.com`, `https://x.com`, `a@b.co` in text
 * becoming links): tables, strikethrough, footnotes and task lists stay.
 *
 * Autolink literals are the costliest part of GFM: micromark tries the email construct at
 * every letter of the text, and an mdast transform searches every text node afterwards. A
 * page whose parsed text has none of their triggers gets the same tree without them (see
 * `hasAutolinkTrigger`). remark-gfm has no option to leave them out and its parts are not
 * dependencies of ours, so this takes them out of what remark-gfm registers: the constructs
 * by name, the mdast extension by the token it handles. A test checks both are gone and the
 * trees are the same.
 */
export function remarkGfmWithoutAutolinkLiterals(this: Processor<MdastRoot>): undefined {
  remarkGfm.call(this);
  const data = this.data();
  const micromark = data.micromarkExtensions!;
  const fromMarkdown = data.fromMarkdownExtensions!;
  micromark[micromark.length - 1] = withoutConstructs(micromark.at(-1) as unknown as Record<string, unknown>, autolinkConstructs) as never;
  const gfmFromMarkdown = fromMarkdown.at(-1) as unknown as Array<{ enter?: Record<string, unknown> }>;
  fromMarkdown[fromMarkdown.length - 1] = gfmFromMarkdown.filter((extension) => !extension.enter?.literalAutolink) as never;
}

function withoutConstructs(extension: Record<string, unknown>, names: ReadonlySet<string>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [hook, byCode] of Object.entries(extension)) {
    const kept: Record<string, unknown> = {};
    for (const [code, list] of Object.entries((byCode ?? {}) as Record<string, unknown>)) {
      const constructs = (Array.isArray(list) ? list : [list]).filter((construct: { name?: string }) => !names.has(construct?.name ?? ''));
      if (constructs.length > 0) kept[code] = constructs;
    }
    result[hook] = kept;
  }
  return result;
}

// Every autolink literal starts with `www.` (any case), a scheme and `://`, or is an email.
const autolinkTrigger = /www\.|:\/\/|@/i;

/**
 * Whether `source` likely has an autolink literal in its text: a trigger (`autolinkTrigger`)
 * left after taking out code fences, code spans, link destinations, definitions and tags with
 * their attributes, where URLs are not literals. A guess, made before parsing: a page it says
 * yes for is parsed once with full GFM, instead of first without autolink literals and then
 * again (`hasAutolinkTrigger`). Either way the tree is the one full GFM makes; the guess only
 * saves the first parse, and a wrong one costs at most that parse. On the platform's own docs
 * it picks 78 of 80 pages that need full GFM (the changelogs among them, 200 KB each) and 79 of
 * 1,036 that do not.
 */
export function mayHaveAutolinkLiterals(source: string): boolean {
  if (!autolinkTrigger.test(source)) return false;
  const text = source
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '')
    .replace(/`[^`\n]*`/g, '')
    .replace(/\]\([^)\s]*(?:\s+"[^"]*")?\)/g, ']')
    .replace(/<[A-Za-z][^<>]*>/g, '')
    .replace(/^\[[^\]]+\]:.*$/gm, '');
  return autolinkTrigger.test(text);
}

/**
 * Whether a tree parsed without autolink literals has text in which full GFM could find one.
 * When it has none, full GFM gives the same tree: autolink literals are only recognised in
 * text, start with characters no other construct uses, and the text they would start in is
 * in `text` nodes (or an image's `alt`) of this tree. Link destinations, code and
 * attributes, where the corpus has most of its URLs, are not text.
 */
export function hasAutolinkTrigger(tree: MdastRoot): boolean {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as { type: string; value?: unknown; alt?: unknown; children?: unknown[] };
    if (node.type === 'text' && autolinkTrigger.test(node.value as string)) return true;
    if (node.type === 'image' && typeof node.alt === 'string' && autolinkTrigger.test(node.alt)) return true;
    if (node.children) for (const child of node.children) stack.push(child);
  }
  return false;
}

// mdast nodes whose Markdown, as written, is what the twin of the page would say.
const plainMarkdownTypes = new Set([
  'root', 'paragraph', 'heading', 'text', 'emphasis', 'strong', 'delete', 'inlineCode', 'code', 'break', 'thematicBreak',
  'blockquote', 'list', 'listItem', 'table', 'tableRow', 'tableCell', 'link', 'linkReference', 'definition', 'image',
  'footnoteReference', 'footnoteDefinition', 'math', 'inlineMath',
]);

/**
 * The body of a page, as written, when it is plain Markdown: then it is the page's Markdown
 * twin as it stands, with nothing to render first. `undefined` when the page has anything the
 * twin writes differently from the source: raw HTML, MDX (JSX, expressions, ESM), a link the
 * renderer neutralises (`javascript:` and other unsafe schemes), a URL with spaces, or an
 * image that is not at an absolute `http(s)` URL (the twin resolves the others against the
 * page and the site URL).
 *
 * @param tree
 *   The page parsed, before any transform (frontmatter as a `yaml` node first).
 * @param text
 *   The text it was parsed from.
 */
export function plainMarkdownBody(tree: MdastRoot, text: string): string | undefined {
  let start = 0;
  const stack: unknown[] = [];
  tree.children.forEach((child, index) => {
    if (index === 0 && child.type === 'yaml') start = child.position?.end.offset ?? Number.NaN;
    else stack.push(child);
  });
  if (Number.isNaN(start)) return undefined;
  while (stack.length > 0) {
    const node = stack.pop() as { type: string; url?: string; children?: unknown[] };
    if (!plainMarkdownTypes.has(node.type)) return undefined;
    if (node.type === 'image' && !/^https?:\/\/\S+$/i.test(node.url ?? '')) return undefined;
    // `## Title {#id}`: the twin says the heading without the id.
    if (node.type === 'heading' && customHeadingId(node as Heading) !== undefined) return undefined;
    if ((node.type === 'link' || node.type === 'definition') && (/\s/.test(node.url ?? '') || sanitizeHref(node.url) !== node.url)) return undefined;
    if (node.children) for (const child of node.children) stack.push(child);
  }
  return text.slice(start).replace(/\r\n?/g, '\n').replace(/^\s*\n/, '');
}
