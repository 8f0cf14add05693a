import type { Expression, Node as EstreeNode, Program } from 'estree';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { VFile } from 'vfile';

// `.mdx` pages without JavaScript are kept as a syntax tree and rendered with the component
// map (`renderTree`), as `.md` pages are: no code generation, no evaluation. This module says
// which pages qualify and prepares their trees so they render exactly as MDX renders them.
//
// MDX constructs a tree keeps, besides components with string attributes:
// - comments (`{/* … */}`, an expression with no code): MDX drops them, and so does the tree;
// - attribute values that are literals (`cols={2}`, `tags={["New"]}`, `style={{ width: 1 }}`):
//   the tree keeps them and `renderTree` evaluates them (`literalValue`) at each render, as the
//   compiled code would;
// - `<img>`, `<a>` and `<h1>`–`<h6>` written as JSX: MDX renders them as plain elements, not
//   with the component map (which only replaces the ones Markdown makes).

/** Elements whose explicit JSX form MDX does not hand to the component map (only Markdown-made ones). */
const overriddenElements = new Set(['a', 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The prefix of an explicit `<img>`/`<a>`/`<h1>`… kept in a tree: a member name, which
 * hast-util-to-jsx-runtime hands to `renderTree`'s evaluater (`literalValue`) instead of
 * looking it up in the component map.
 */
export const explicitElementPrefix = 'docsgenExplicit.';

// A JSX name that hast-util-to-jsx-runtime, like MDX, takes for a component, not a tag name.
const identifierName = /^[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*$/u;
const isComponentName = (name: string): boolean => !/^[a-z]/.test(name) && identifierName.test(name);

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}

interface AnyNode {
  type: string;
  name?: string | null;
  value?: unknown;
  attributes?: JsxAttribute[];
  children?: AnyNode[];
  data?: { estree?: Program | null | undefined } | undefined;
}

/** The estree of an MDX expression node or attribute value, when the parser attached one. */
function estreeOf(node: { data?: unknown } | undefined): Program | undefined {
  return (node?.data as { estree?: Program } | undefined)?.estree ?? undefined;
}

/** A binding an `.mdx` tree imports: its local name, and the export it is (`default` for a default import). */
export interface TreeImport {
  /** The specifier as written (`/snippets/x.mdx`, `./card.jsx`). */
  source: string;
  bindings: Array<{ local: string; imported: string }>;
}

/**
 * The imports of an ESM node when it is only imports of project files (`./x`, `/snippets/x`)
 * with default or named bindings: what a tree can resolve without running code. `undefined`
 * for anything else (exports, namespace or bare imports, npm packages).
 */
function importsOf(node: AnyNode): TreeImport[] | undefined {
  const program = estreeOf(node);
  if (!program) return undefined;
  const imports: TreeImport[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.specifiers.length === 0) return undefined;
    const source = statement.source.value;
    if (typeof source !== 'string' || !/^[./]/.test(source)) return undefined;
    const bindings: TreeImport['bindings'] = [];
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportDefaultSpecifier') bindings.push({ local: specifier.local.name, imported: 'default' });
      else if (specifier.type === 'ImportSpecifier') {
        const imported = specifier.imported.type === 'Identifier' ? specifier.imported.name : String((specifier.imported as { value: unknown }).value);
        bindings.push({ local: specifier.local.name, imported });
      } else return undefined;
    }
    imports.push({ source, bindings });
  }
  return imports;
}

/** Whether an expression node holds no code (a comment, or nothing): MDX renders nothing for it. */
function isEmptyExpression(node: AnyNode): boolean {
  const program = estreeOf(node);
  return program !== undefined && program.body.length === 0;
}

/** The one expression of an attribute value (`{…}`), or `undefined`. */
function attributeExpression(value: unknown): Expression | undefined {
  const program = typeof value === 'object' && value !== null ? estreeOf(value as { data?: unknown }) : undefined;
  const statement = program?.body.length === 1 ? program.body[0] : undefined;
  return statement?.type === 'ExpressionStatement' ? statement.expression : undefined;
}

/**
 * Whether `node` is a literal: a string, number, boolean or `null`, a template without
 * substitutions, a signed number, or an array or object of literals (plain keys, no spread,
 * no methods). Its value is the same each time it is evaluated, and evaluating it runs no code.
 */
export function isLiteralExpression(node: EstreeNode): boolean {
  switch (node.type) {
    case 'Literal':
      return node.value === null || typeof node.value === 'string' || typeof node.value === 'number' || typeof node.value === 'boolean';
    case 'TemplateLiteral':
      return node.expressions.length === 0 && node.quasis.every((quasi) => typeof quasi.value.cooked === 'string');
    case 'UnaryExpression':
      return (node.operator === '-' || node.operator === '+') && node.argument.type === 'Literal' && typeof node.argument.value === 'number';
    case 'ArrayExpression':
      return node.elements.every((element) => element !== null && element.type !== 'SpreadElement' && isLiteralExpression(element));
    case 'ObjectExpression':
      return node.properties.every(
        (property) =>
          property.type === 'Property' &&
          property.kind === 'init' &&
          !property.computed &&
          !property.method &&
          !property.shorthand &&
          (property.key.type === 'Identifier' || (property.key.type === 'Literal' && (typeof property.key.value === 'string' || typeof property.key.value === 'number'))) &&
          isLiteralExpression(property.value),
      );
    default:
      return false;
  }
}

/**
 * The value of a literal (`isLiteralExpression`), made new each time as the compiled code
 * makes it; a component name (an identifier) from `scope` (the page's imports), then
 * `components`, or the name itself when neither has it; the tag name of an explicit element (`explicitElementPrefix`).
 */
export function literalValue(node: EstreeNode, components: Record<string, unknown>, scope?: Record<string, unknown> | undefined): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'TemplateLiteral':
      return node.quasis.map((quasi) => quasi.value.cooked).join('');
    case 'UnaryExpression': {
      const value = literalValue(node.argument, components) as number;
      return node.operator === '-' ? -value : +value;
    }
    case 'ArrayExpression':
      return node.elements.map((element) => literalValue(element as EstreeNode, components));
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property') break;
        const key = property.key.type === 'Identifier' ? property.key.name : String((property.key as { value: unknown }).value);
        object[key] = literalValue(property.value, components);
      }
      return object;
    }
    case 'Identifier':
      // An imported binding first, as in the compiled page's scope.
      if (scope && Object.hasOwn(scope, node.name)) return scope[node.name];
      return Object.hasOwn(components, node.name) ? components[node.name] : node.name;
    case 'MemberExpression': {
      // `docsgenExplicit.img`: an `<img>` written as JSX renders as the element itself.
      if (node.object.type === 'Identifier' && `${node.object.name}.` === explicitElementPrefix) {
        if (node.property.type === 'Identifier') return node.property.name;
        if (node.property.type === 'Literal') return String(node.property.value);
      }
      // `<Tree.Folder>`: a member of a component, which compiled MDX requires to be there.
      if (node.property.type !== 'Identifier' || node.computed) break;
      const object = node.object.type === 'Identifier' ? ownValue(node.object.name, components, scope) : literalValue(node.object, components, scope);
      if (object === undefined || object === null) throw missingReference(memberName(node.object), false);
      const value = (object as Record<string, unknown>)[node.property.name];
      if (!value) throw missingReference(memberName(node), true);
      return value;
    }
  }
  throw new Error(`Cannot evaluate a \`${node.type}\` in a page kept as a tree: only literals are kept`);
}

/** A name from `scope`, then `components`; `undefined` when neither has it. */
function ownValue(name: string, components: Record<string, unknown>, scope: Record<string, unknown> | undefined): unknown {
  if (scope && Object.hasOwn(scope, name)) return scope[name];
  return Object.hasOwn(components, name) ? components[name] : undefined;
}

function memberName(node: EstreeNode): string {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && node.property.type === 'Identifier') return `${memberName(node.object)}.${node.property.name}`;
  return '…';
}

/** The error compiled MDX throws for a component (or its object) that is not there. */
function missingReference(name: string, isComponent: boolean): Error {
  return new Error(`Expected ${isComponent ? 'component' : 'object'} \`${name}\` to be defined: you likely forgot to import, pass, or provide it.`);
}

/**
 * How an `.mdx` tree renders without JavaScript, or `undefined` when it cannot: it has ESM
 * other than imports of project files (`importsOf`), an expression other than a comment, a
 * fragment, or an attribute that is neither a string, a boolean nor a literal
 * (`isLiteralExpression`). Member names (`<Tree.Folder>`) are looked up as MDX looks them up.
 *
 * - `'elements'`: JSX elements with string attributes only, none of them an explicit `<img>`,
 *   `<a>` or `<h1>`…, no comments: its JSX becomes hast elements (`rehypeJsxToElements`);
 * - `'as-written'`: any other such tree: its JSX elements stay JSX (`rehypeKeepJsx`), their
 *   attributes passed to components as written, as the compiled code would pass them.
 */
export function plainMdxKind(tree: MdastRoot): 'elements' | 'as-written' | undefined {
  let asWritten = false;
  const check = (node: AnyNode): boolean => {
    if (node.type === 'mdxjsEsm') {
      asWritten = true;
      return importsOf(node) !== undefined;
    }
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      asWritten = true;
      return isEmptyExpression(node);
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      if (!node.name || node.name.includes(':')) return false;
      if (node.name.includes('.')) {
        // `<Tree.Folder>`: each part a plain name.
        if (!node.name.split('.').every((part) => identifierName.test(part))) return false;
        asWritten = true;
      }
      if (overriddenElements.has(node.name)) asWritten = true;
      for (const attribute of node.attributes ?? []) {
        if (attribute.type !== 'mdxJsxAttribute') return false;
        const value = attribute.value;
        if (typeof value === 'string' || value === null || value === undefined) continue;
        const expression = attributeExpression(value);
        if (!expression || !isLiteralExpression(expression)) return false;
        asWritten = true;
      }
    }
    if (node.children) for (const child of node.children) if (!check(child)) return false;
    return true;
  };
  if (!check(tree as unknown as AnyNode)) return undefined;
  return asWritten ? 'as-written' : 'elements';
}

/**
 * MDX's own unravelling, for the tree path: a paragraph holding only JSX elements and
 * comments (and whitespace) is replaced by them as blocks, as `@mdx-js/mdx` does before rehype.
 */
export function remarkUnravelJsx() {
  return (tree: MdastRoot): void => {
    const unravel = (parent: AnyNode & { children: AnyNode[] }): void => {
      for (let index = 0; index < parent.children.length; index += 1) {
        const node = parent.children[index]!;
        if (node.type === 'paragraph') {
          const children = node.children ?? [];
          const isInline = (child: AnyNode) => child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression';
          const isJsxOnly = children.some(isInline) && children.every((child) => isInline(child) || (child.type === 'text' && /^[\t\n\f\r ]*$/.test(String(child.value ?? ''))));
          if (isJsxOnly) {
            const blocks = children.filter(isInline);
            for (const block of blocks) block.type = block.type === 'mdxJsxTextElement' ? 'mdxJsxFlowElement' : 'mdxFlowExpression';
            parent.children.splice(index, 1, ...blocks);
            // Visit the elements now in its place (their own children may need unravelling).
            index -= 1;
            continue;
          }
        }
        if (Array.isArray(node.children)) unravel(node as typeof parent);
      }
    };
    unravel(tree as unknown as AnyNode & { children: AnyNode[] });
  };
}

// What `rehypeJsxToElements` leaves alone; `rehypeRestoreJsx` turns them back.
const keptTypes: Record<string, string> = { mdxJsxFlowElement: 'docsgenKeptJsxFlowElement', mdxJsxTextElement: 'docsgenKeptJsxTextElement' };
const restoredTypes: Record<string, string> = { docsgenKeptJsxFlowElement: 'mdxJsxFlowElement', docsgenKeptJsxTextElement: 'mdxJsxTextElement' };

/**
 * After the rehype plugins (which see the tree MDX would give them), before
 * `rehypeJsxToElements`: takes out comments and imports (the imports it uses go to
 * `file.data.treeImports`, for the module graph), and, in an `'as-written'` tree (`plainMdxKind`,
 * told by `file.data.jsxAsWritten`), sets its JSX elements aside, so that they render as MDX
 * renders them: hast-util-to-jsx-runtime passes a JSX element's attributes through unchanged,
 * and hands its literal values to `renderTree`'s evaluater. A tag name written in JSX (`<img>`,
 * `<iframe>`) gets a member name (`explicitElementPrefix`), so the component map does not
 * replace it: MDX only replaces elements Markdown makes.
 */
export function rehypeKeepJsx() {
  return (tree: HastRoot, file: VFile): void => {
    const asWritten = file.data.jsxAsWritten === true;
    const imports: TreeImport[] = [];
    const names = new Set<string>();
    const visit = (parent: AnyNode): void => {
      const children = parent.children!;
      for (let index = 0; index < children.length; index += 1) {
        const node = children[index]!;
        if ((node.type === 'mdxjsEsm' && asWritten) || ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && isEmptyExpression(node))) {
          children.splice(index, 1);
          index -= 1;
          continue;
        }
        if (asWritten && (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement')) {
          names.add(node.name!);
          if (!node.name!.includes('.') && !isComponentName(node.name!)) node.name = explicitElementPrefix + node.name;
          node.type = keptTypes[node.type]!;
        }
        if (node.children) visit(node);
      }
    };
    if (asWritten) {
      // Imports, in document order: ESM may sit in a JSX element too, and MDX hoists it.
      const collect = (node: AnyNode): void => {
        if (node.type === 'mdxjsEsm') imports.push(...(importsOf(node) ?? []));
        else if (node.children) for (const child of node.children) collect(child);
      };
      collect(tree as unknown as AnyNode);
      // MDX renders no ESM, and drops the whitespace first or last in the page (a comment there
      // stays: it is something, rendering nothing).
      const rest = (tree.children as unknown as AnyNode[]).filter((node) => node.type !== 'mdxjsEsm');
      const isWhitespace = (node: AnyNode | undefined) => node?.type === 'text' && /^[\t\n\f\r ]*$/.test(String(node.value));
      while (isWhitespace(rest[0])) rest.shift();
      while (isWhitespace(rest.at(-1))) rest.pop();
      tree.children = rest as unknown as HastRoot['children'];
    }
    visit(tree as unknown as AnyNode);
    if (imports.length === 0) return;
    // As `recmaUnusedImports` does for compiled pages: an import none of whose names the page
    // uses is not loaded, and only listed (a missing file is then a warning).
    const used = imports.filter((entry) => entry.bindings.some((binding) => names.has(binding.local)));
    const unused = imports.filter((entry) => !used.includes(entry));
    if (used.length > 0) file.data.treeImports = used;
    if (unused.length > 0) file.data.unusedImports = unused.map((entry) => entry.source);
  };
}

/** After `rehypeJsxToElements`: the JSX elements `rehypeKeepJsx` set aside become JSX elements again. */
export function rehypeRestoreJsx() {
  return (tree: HastRoot, file: VFile): void => {
    if (file.data.jsxAsWritten !== true) return;
    const visit = (node: AnyNode): void => {
      const restored = restoredTypes[node.type];
      if (restored) node.type = restored;
      if (node.children) for (const child of node.children) visit(child);
    };
    visit(tree as unknown as AnyNode);
  };
}
