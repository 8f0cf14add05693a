import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Node, Program, Statement } from 'estree';

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

const ignoredNames = new Set(['props', 'arguments', 'undefined', 'NaN', 'Infinity', '_components']);

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
    collectDeclarations(program, declared);
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

/** Every name declared anywhere: imports, variables, functions, classes, parameters, catch clauses. */
function collectDeclarations(node: unknown, names: Set<string>): void {
  walk(node, (current) => {
    switch (current.type) {
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        names.add(current.local.name);
        break;
      case 'VariableDeclarator':
        addPattern(current.id, names);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if ('id' in current && current.id) names.add(current.id.name);
        for (const param of current.params) addPattern(param, names);
        break;
      case 'ClassDeclaration':
        if (current.id) names.add(current.id.name);
        break;
      case 'CatchClause':
        if (current.param) addPattern(current.param, names);
        break;
    }
  });
}

function addPattern(pattern: Node, names: Set<string>): void {
  walk(pattern, (current, parent) => {
    if (current.type !== 'Identifier') return;
    // In `{ a: b }` only `b` is bound; a default value's identifiers are references.
    if (parent?.type === 'Property' && parent.key === current && !parent.shorthand) return;
    if (parent?.type === 'AssignmentPattern' && parent.right === current) return;
    names.add(current.name);
  });
}

/** Identifiers used as values (not property names, not labels). */
function collectReferences(node: Node, names: Set<string>): void {
  walk(node, (current, parent) => {
    if (current.type !== 'Identifier') return;
    if (parent?.type === 'MemberExpression' && parent.property === current && !parent.computed) return;
    if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key === current && !parent.computed) {
      if (!(parent.type === 'Property' && parent.shorthand)) return;
    }
    if (parent?.type === 'LabeledStatement' || parent?.type === 'BreakStatement' || parent?.type === 'ContinueStatement') return;
    names.add(current.name);
  });
}

function walk(node: unknown, visit: (node: Node, parent: Node | undefined) => void, parent?: Node): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit, parent);
    return;
  }
  const current = node as Node;
  if (typeof current.type !== 'string') return;
  visit(current, parent);
  for (const [key, value] of Object.entries(current)) {
    if (key === 'loc' || key === 'range' || key === 'position' || key === 'data') continue;
    if (value && typeof value === 'object') walk(value, visit, current);
  }
}
