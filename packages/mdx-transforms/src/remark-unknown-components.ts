import type { Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement, MdxjsEsm } from 'mdast-util-mdx';
import type { VFile } from 'vfile';
import { suggestName } from './suggest-name.js';
import { forEachNode } from './for-each-node.js';
import { createAttribute } from './jsx-attributes.js';

/**
 * Options for `remarkUnknownComponents`.
 */
export interface UnknownComponentsOptions {
  /** Component names the host provides, such as `Note` or `Tree` (default: `[]`). */
  known?: readonly string[] | null | undefined;
  /** Name an unknown component is renamed to (default: `'UnknownComponent'`). */
  fallback?: string | null | undefined;
  /**
   * Components read as an HTML element when nothing provides them, by name: `{ Link: 'a' }`
   * makes `<Link href="/x">` a link, without a warning (default: none).
   */
  elements?: Readonly<Record<string, string>> | null | undefined;
}

/**
 * `UnknownComponentsOptions` with every default applied.
 */
export interface ResolvedUnknownComponentsOptions {
  known: ReadonlySet<string>;
  fallback: string;
  elements: ReadonlyMap<string, string>;
}

/** The parts of an ESTree program this plugin reads. */
interface EstreeNode {
  type: string;
  [key: string]: unknown;
}

const defaults = { known: [] as readonly string[], fallback: 'UnknownComponent', elements: {} as Readonly<Record<string, string>> };
const source = '@docsgen/mdx-transforms';
const identifier = /^[$_\p{ID_Start}][$\u200C\u200D\p{ID_Continue}]*$/u;

/**
 * Turn each capitalised MDX component that nothing provides into the `fallback` component,
 * with the warning `component-unknown`, so one unknown tag never takes a page down; one named
 * in `elements` becomes that HTML element instead, silently.
 *
 * A component is provided when its name (for `<Tree.Folder>`, the object `Tree`, or the
 * whole `Tree.Folder`) is in `known`, imported by the page, or defined with
 * `export const`/`export function`. The
 * renamed element gets `name="Foo"` and keeps its attributes and children.
 *
 * @param options
 *   Known components and the fallback name.
 * @returns
 *   Transform.
 */
export function remarkUnknownComponents(options?: UnknownComponentsOptions | null | undefined) {
  const settings = resolveUnknownComponentsOptions(options);

  return function (tree: Root, file: VFile): undefined {
    const defined = new Set<string>();
    const elements: Array<MdxJsxFlowElement | MdxJsxTextElement> = [];

    // One walk: a component may be defined by an `export` below where it is used.
    forEachNode<Nodes>(tree, (node) => {
      if (node.type === 'mdxjsEsm') for (const name of readBindings(node)) defined.add(name);
      else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') elements.push(node);
    });

    for (const node of elements) {
      const name = node.name;
      if (!name) continue;
      const object = name.split('.')[0]!;
      if (!/^\p{Lu}/u.test(object) || name === settings.fallback || defined.has(object)) continue;
      if (settings.known.has(object) || settings.known.has(name)) continue;
      const element = settings.elements.get(name);
      if (element) node.name = element;
      else report(node, name, object, settings, file);
    }
  };
}

function resolveUnknownComponentsOptions(
  options: UnknownComponentsOptions | null | undefined,
): ResolvedUnknownComponentsOptions {
  const known = options?.known ?? defaults.known;
  const fallback = options?.fallback ?? defaults.fallback;

  if (!Array.isArray(known) || known.some((name) => typeof name !== 'string')) {
    throw new TypeError(
      `Cannot check components with \`${String(known)}\` for \`options.known\`, expected an array of component names`,
    );
  }

  if (typeof fallback !== 'string' || !fallback.split('.').every((part) => identifier.test(part))) {
    throw new TypeError(
      `Cannot check components with \`${String(fallback)}\` for \`options.fallback\`, expected a component name such as \`UnknownComponent\``,
    );
  }

  const elements = options?.elements ?? defaults.elements;
  const entries = typeof elements === 'object' && elements !== null ? Object.entries(elements) : undefined;
  if (!entries || entries.some(([, element]) => typeof element !== 'string' || !/^[a-z][a-z0-9-]*$/.test(element))) {
    throw new TypeError(
      `Cannot check components with \`${JSON.stringify(elements)}\` for \`options.elements\`, expected an object of component names to HTML element names such as \`{ Link: 'a' }\``,
    );
  }

  return { known: new Set(known), fallback, elements: new Map(entries) };
}

function report(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  name: string,
  object: string,
  settings: ResolvedUnknownComponentsOptions,
  file: VFile,
): undefined {
  const message = file.message(
    `Unexpected component \`<${name}>\`, expected one of docsgen's components or an import; its children are rendered`,
    { place: node.position, ruleId: 'component-unknown', source },
  );
  message.actual = name;
  const suggestion = suggestName(object, settings.known);
  if (suggestion) {
    message.expected = [suggestion];
    message.note = `Did you mean \`<${suggestion}>\`?`;
  } else {
    message.note = `Import \`${object}\` at the top of the page, or check its spelling.`;
  }

  node.name = settings.fallback;
  node.attributes = [
    ...node.attributes.filter(
      (attribute) => attribute.type !== 'mdxJsxAttribute' || attribute.name !== 'name',
    ),
    createAttribute('name', name),
  ];
}

/** Names an ESM block binds: imports and exported declarations. */
function readBindings(node: MdxjsEsm): string[] {
  const program = node.data?.estree as { body?: EstreeNode[] } | null | undefined;
  if (!program?.body) return readBindingsFromSource(node.value);
  const names: string[] = [];

  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers as { local: { name: string } }[]) {
        names.push(specifier.local.name);
      }
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      collectDeclared(statement.declaration as EstreeNode, names);
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration as EstreeNode;
      if (declaration.id) collectPattern(declaration.id as EstreeNode, names);
    }
  }

  return names;
}

function collectDeclared(declaration: EstreeNode, names: string[]): undefined {
  if (declaration.type === 'VariableDeclaration') {
    for (const declarator of declaration.declarations as { id: EstreeNode }[]) {
      collectPattern(declarator.id, names);
    }
  } else if (declaration.id) {
    collectPattern(declaration.id as EstreeNode, names);
  }
}

/** Identifiers bound by `x`, `{ a, b: c }`, `[d, ...e]`, `f = 1`. */
function collectPattern(pattern: EstreeNode, names: string[]): undefined {
  if (pattern.type === 'Identifier') names.push(pattern.name as string);
  else if (pattern.type === 'ObjectPattern') {
    for (const property of pattern.properties as EstreeNode[]) {
      collectPattern((property.type === 'RestElement' ? property.argument : property.value) as EstreeNode, names);
    }
  } else if (pattern.type === 'ArrayPattern') {
    for (const element of pattern.elements as (EstreeNode | null)[]) {
      if (element) collectPattern(element, names);
    }
  } else if (pattern.type === 'RestElement') collectPattern(pattern.argument as EstreeNode, names);
  else if (pattern.type === 'AssignmentPattern') collectPattern(pattern.left as EstreeNode, names);
}

/** Fallback when remark-mdx ran without building ESTrees: read the common forms. */
function readBindingsFromSource(value: string): string[] {
  const names: string[] = [];

  for (const match of value.matchAll(/\bimport\s+([^'";]+?)\s+from\b/g)) {
    for (const part of match[1]!.replace(/[{}]/g, ',').split(',')) {
      const local = /(?:^|\s)(?:\*\s+as\s+)?([$\w]+)\s*$/.exec(part.trim());
      if (local) names.push(local[1]!);
    }
  }

  for (const match of value.matchAll(/\bexport\s+(?:default\s+)?(?:const|let|var|function\*?|class|async\s+function)\s+([$\w]+)/g)) {
    names.push(match[1]!);
  }

  return names;
}
