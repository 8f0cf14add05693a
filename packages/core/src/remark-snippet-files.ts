import type { Program } from 'estree';
import type { Root, RootContent } from 'mdast';

// `<Snippet file="create-venv-step.mdx" />`: how pages written for the hosted platform before
// snippets were imported pull in a file of the `_snippets/` folder (agno-agi/docs has 1,036 of
// them, some inside `<Steps>`); the platform still renders them.

/** The parts of remark-mdx's nodes read here (mdast-util-mdx's types, without the dependency). */
type Attribute = { type: 'mdxJsxAttribute'; name: string; value?: unknown } | { type: 'mdxJsxExpressionAttribute'; value: string };
type JsxElement = { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'; name: string | null; attributes: Attribute[]; position?: { start: { offset?: number } } };
type AnyNode = { type: string; value?: unknown; name?: unknown; children?: AnyNode[] };

/** The folder `<Snippet file>` names a file in, from the project root (posix, with slashes). */
export const snippetFolder = '/_snippets/';

/**
 * Each `<Snippet file="name.mdx" />` of an `.mdx` page becomes an import of
 * `/_snippets/name.mdx` and an element of it: the snippet renders where the tag is, with the
 * tag's other attributes as its props, and is a dependency of the page like any imported
 * snippet (a missing file is a warning, an edit renders the page again). A `file` given as an
 * expression, and pages that import or define a `Snippet` of their own, are left as written.
 */
export function remarkSnippetFiles() {
  return (tree: Root): undefined => {
    const elements: JsxElement[] = [];
    const names = new Set<string>();
    let definesSnippet = false;
    const stack: AnyNode[] = [tree];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'mdxjsEsm' && typeof node.value === 'string') {
        definesSnippet ||= /\bSnippet\b/.test(node.value);
        for (const [name] of node.value.matchAll(/\bDocsgenSnippet\d+\b/g)) names.add(name);
      } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Snippet') elements.push(node as unknown as JsxElement);
      if (node.children) for (const child of node.children) stack.push(child);
    }
    if (definesSnippet || elements.length === 0) return;

    // One import per file, in the order the tags come in the page.
    const locals = new Map<string, string>();
    elements.sort((a, b) => (a.position?.start.offset ?? 0) - (b.position?.start.offset ?? 0));
    for (const element of elements) {
      const file = fileOf(element);
      if (file === undefined) continue;
      let local = locals.get(file);
      if (local === undefined) {
        let index = locals.size;
        while (names.has(`DocsgenSnippet${index}`)) index += 1;
        local = `DocsgenSnippet${index}`;
        names.add(local);
        locals.set(file, local);
      }
      element.name = local;
      element.attributes = element.attributes.filter((attribute) => attribute.type !== 'mdxJsxAttribute' || attribute.name !== 'file');
    }
    const imports = [...locals].map(([file, local]) => importNode(local, `${snippetFolder}${file}`));
    tree.children.unshift(...(imports as unknown as RootContent[]));
  };
}

/** The file a `<Snippet>` names, from the snippet folder: `file="a/b.mdx"`, `"/a/b.mdx"` and `"./a/b.mdx"` alike. */
function fileOf(element: JsxElement): string | undefined {
  const attribute = element.attributes.find((found) => found.type === 'mdxJsxAttribute' && found.name === 'file');
  if (typeof attribute?.value !== 'string') return undefined;
  const file = attribute.value.trim().replace(/^(?:\.?\/)+/, '');
  return file === '' ? undefined : file;
}

/** `import local from "source"` as remark-mdx parses it: the text and its ESTree program. */
function importNode(local: string, source: string): { type: 'mdxjsEsm'; value: string; data: { estree: Program } } {
  const value = `import ${local} from ${JSON.stringify(source)};`;
  const estree: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ImportDeclaration',
        specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: local } }],
        source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
        attributes: [],
      },
    ],
    comments: [],
  };
  return { type: 'mdxjsEsm', value, data: { estree } };
}
