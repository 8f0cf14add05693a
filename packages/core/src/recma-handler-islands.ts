import type { Node, Program, Statement } from 'estree';
import type { VFile } from 'vfile';
import { isBrowserGlobal, isSharedGlobal } from './browser-globals.js';
import { addPattern, collectReferences, isReference, walk } from './compile-helpers.js';
import { injectedGlobals } from './runtime.js';

// Elements docsgen's own components replace when Markdown makes them (the renderer's
// `builtin-components`): a part of the page that uses one cannot leave the page's components.
// Each with what Markdown makes it from, and how to write it as HTML instead.
const replacedElements = new Map<string, { kind: string; markdown: string; html: string }>([
  ['a', { kind: 'link', markdown: '[…](…)', html: '<a href="…">…</a>' }],
  ['img', { kind: 'image', markdown: '![…](…)', html: '<img src="…" alt="…" />' }],
  ...[1, 2, 3, 4, 5, 6].map((level) => [`h${level}`, { kind: 'heading', markdown: `${'#'.repeat(level)} …`, html: `<h${level}>…</h${level}>` }] as const),
]);
const handlerName = /^on[A-Z]/;

/** Name of the components `recmaHandlerIslands` makes, numbered from 1 in a page. */
export const handlerComponentPrefix = 'DocsgenHandlers';

/** Why a part of the content cannot leave the page, and what the author can do about it. */
interface Unmovable {
  why: string;
  note: string;
}

/**
 * Event handlers written on plain elements of a page's own content (`<button
 * onClick={openSearch}>`, with `export function openSearch() {…}` in the page: Lago's landing
 * page) do nothing in a page rendered to HTML: only components run in the browser (islands,
 * `runtime.ts`). This recma plugin moves the outermost part of the content that holds such a
 * handler into an exported component of its own (`DocsgenHandlers1`), which is an island like
 * any interactive component: the part renders the same HTML and its handlers work. A part is
 * moved only when all it uses is the module's own (its imports, functions and variables, not
 * the content's props), globals the browser has (`browser-globals.ts`; the browser's own ones
 * only inside functions, which run in the browser, not while the page renders on the server),
 * and Markdown-made plain elements (`<p>` in the button, as MDX makes it), not docsgen's
 * components: otherwise it stays as it was, without its handlers, and each handler left
 * behind is reported (`handler-dropped`), with why.
 */
export function recmaHandlerIslands() {
  return (program: Program, file: VFile): void => {
    const content = program.body.find(
      (statement): statement is Extract<Statement, { type: 'FunctionDeclaration' }> =>
        statement.type === 'FunctionDeclaration' && statement.id?.name === '_createMdxContent',
    );
    if (!content || !hasHandler(content.body)) return;
    const moduleNames = new Set<string>();
    for (const statement of program.body) {
      if (statement.type === 'ImportDeclaration') for (const specifier of statement.specifiers) moduleNames.add(specifier.local.name);
      const declaration = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
      if (!declaration) continue;
      if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id) moduleNames.add(declaration.id.name);
      if (declaration.type === 'VariableDeclaration') for (const declarator of declaration.declarations) addPattern(declarator.id, moduleNames);
    }
    // MDX's defaults for the Markdown-made elements of the content (`p: "p"`), before the
    // provider's; and the names of the provider's components the content uses (`const {Note} =
    // _components`, or `= {..._provideComponents(), ...}` in a page without Markdown elements).
    const defaults = new Map<string, Node>();
    const provided = new Set<string>();
    for (const statement of content.body.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      for (const declarator of statement.declarations) {
        const { id, init } = declarator;
        if (id.type === 'ObjectPattern' && ((init?.type === 'Identifier' && init.name === '_components') || (init?.type === 'ObjectExpression' && init.properties.some(isProviderSpread)))) addPattern(id, provided);
        if (id.type !== 'Identifier' || id.name !== '_components' || init?.type !== 'ObjectExpression') continue;
        for (const property of init.properties) {
          if (property.type === 'Property' && property.key.type === 'Identifier' && property.value.type === 'Literal' && typeof property.value.value === 'string') defaults.set(property.key.name, property);
        }
      }
    }
    const returned = content.body.body.find((statement) => statement.type === 'ReturnStatement');
    if (!returned || returned.type !== 'ReturnStatement' || !returned.argument) return;

    let count = 0;
    const hoist = (expression: Node & { type: 'CallExpression' }): Node => {
      let name = `${handlerComponentPrefix}${(count += 1)}`;
      while (moduleNames.has(name)) name = `${handlerComponentPrefix}${(count += 1)}`;
      moduleNames.add(name);
      const used = new Set<string>();
      walk(expression, (node) => {
        if (node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === '_components' && node.property.type === 'Identifier') used.add(node.property.name);
      });
      const body: Statement[] = [];
      if (used.size > 0) {
        body.push({
          type: 'VariableDeclaration',
          kind: 'const',
          declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name: '_components' }, init: { type: 'ObjectExpression', properties: [...used].sort().map((key) => defaults.get(key) as never) } }],
        });
      }
      body.push({ type: 'ReturnStatement', argument: expression as never });
      program.body.push({
        type: 'ExportNamedDeclaration',
        declaration: { type: 'FunctionDeclaration', id: { type: 'Identifier', name }, params: [], body: { type: 'BlockStatement', body }, generator: false, async: false },
        specifiers: [],
        source: null,
      } as never);
      return { type: 'CallExpression', callee: expression.callee, arguments: [{ type: 'Identifier', name }, { type: 'ObjectExpression', properties: [] }], optional: false } as never;
    };
    // Why `expression` cannot leave the page, if it cannot. It can when all it uses is what the
    // module declares, what the part's own functions declare (`(event) => …`), globals (the
    // browser's own only in functions: they do not exist while the page renders; and
    // `injectedGlobals`, which the browser's loader gives project code too) and Markdown-made
    // plain elements.
    const findUnmovable = (expression: Node): Unmovable | undefined => {
      const own = new Set<string>();
      walk(expression, (node) => {
        if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') for (const param of node.params) addPattern(param, own);
        if (node.type === 'VariableDeclarator') addPattern(node.id, own);
        if (node.type === 'CatchClause' && node.param) addPattern(node.param, own);
      });
      // What is read while the page renders (on the server), and what its functions read later.
      const rendered = new Set<string>();
      const later = new Set<string>();
      walk(expression, (node, parent) => {
        if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
          collectReferences(node, later);
          return false;
        }
        if (isReference(node, parent)) rendered.add(node.name);
      });
      const findUnusable = (name: string, isRendered: boolean): Unmovable | undefined => {
        if (name === '_components' || moduleNames.has(name) || own.has(name) || Object.hasOwn(injectedGlobals, name)) return undefined;
        if (provided.has(name)) return docsgenComponent(name);
        if (isRendered ? isSharedGlobal(name) : isBrowserGlobal(name)) return undefined;
        if (isRendered && isBrowserGlobal(name)) {
          return {
            why: `it reads \`${name}\` while the page is rendered, on the server, which has no \`${name}\``,
            note: `Read \`${name}\` inside the handler, which runs in the browser.`,
          };
        }
        return {
          why: `it uses \`${name}\`, which is neither declared in the page nor a global of the browser`,
          note: `Use what the page declares (\`export const ${name} = …\`) or the browser's globals; or make the part a component (\`export const Part = ({ ${name} }) => …\`) and give it \`${name}\` as a prop.`,
        };
      };
      for (const name of rendered) {
        const unusable = findUnusable(name, true);
        if (unusable) return unusable;
      }
      for (const name of later) {
        const unusable = findUnusable(name, false);
        if (unusable) return unusable;
      }
      let found: Unmovable | undefined;
      walk(expression, (node) => {
        if (found) return false;
        if (node.type === 'ThisExpression') found = { why: 'it uses `this`', note: 'Use `event.currentTarget` for the element the handler is on.' };
        if (node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === '_components') {
          const key = !node.computed && node.property.type === 'Identifier' ? node.property.name : undefined;
          const replaced = key === undefined ? undefined : replacedElements.get(key);
          if (key !== undefined && defaults.has(key) && replaced) {
            found = {
              why: `it holds a Markdown ${replaced.kind} (\`${replaced.markdown}\`), which docsgen renders with a component of its own that does not run in the browser`,
              note: `Write the ${replaced.kind} as HTML (\`${replaced.html}\`), which stays a plain element.`,
            };
          } else if (key === undefined || !defaults.has(key)) {
            found = docsgenComponent(key ?? 'component');
          }
        }
      });
      return found;
    };
    const rewrite = (node: Node): Node => {
      if (node.type === 'ArrayExpression') {
        node.elements = node.elements.map((element) => (element && element.type !== 'SpreadElement' ? (rewrite(element) as never) : element));
        return node;
      }
      if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !node.callee.name.startsWith('_jsx') || !hasHandler(node)) return node;
      if (!findUnmovable(node)) return hoist(node);
      const props = node.arguments[1];
      if (props?.type === 'ObjectExpression') {
        for (const property of props.properties) if (property.type === 'Property') property.value = rewrite(property.value) as never;
      }
      return node;
    };
    returned.argument = rewrite(returned.argument) as never;

    // The handlers still in the content render on the server only: they do nothing.
    walk(returned.argument, (node) => {
      if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !node.callee.name.startsWith('_jsx')) return;
      const props = node.arguments[1];
      if (props?.type !== 'ObjectExpression') return;
      for (const property of props.properties) {
        if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier' || !handlerName.test(property.key.name) || property.value.type === 'Literal') continue;
        const unmovable = findUnmovable(node) ?? {
          why: 'it is written inside a `{…}` expression of a part that cannot leave the page',
          note: 'Write the element outside the expression, or make the part a component (`export const Part = () => …`).',
        };
        const start = property.loc?.start ?? node.loc?.start;
        const message = file.message(`Cannot make the \`${property.key.name}\` handler of \`<${elementName(node)}>\` work in the browser: ${unmovable.why}`, {
          place: start ? { line: start.line, column: start.column + 1 } : undefined,
          ruleId: 'handler-dropped',
          source: '@docsgen/core',
        });
        message.note = unmovable.note;
      }
    });
  };
}

function docsgenComponent(name: string): Unmovable {
  return {
    why: `\`<${name}>\` is one of docsgen's components, which do not run in the browser`,
    note: 'Put the handler on a plain element inside it (`<button onClick={…}>`), which can leave the page on its own.',
  };
}

/** Whether `node` is MDX's `..._provideComponents()`. */
function isProviderSpread(node: Node): boolean {
  return node.type === 'SpreadElement' && node.argument.type === 'CallExpression' && node.argument.callee.type === 'Identifier' && node.argument.callee.name === '_provideComponents';
}

/** The name an element is written with: `button`, `Note`, `Counter`. */
function elementName(call: Node & { type: 'CallExpression' }): string {
  const type = call.arguments[0];
  if (type?.type === 'Literal') return String(type.value);
  if (type?.type === 'Identifier') return type.name;
  if (type?.type === 'MemberExpression' && !type.computed && type.property.type === 'Identifier') return type.property.name;
  return 'element';
}

/** Whether an event handler (`onClick: …`, not a string) is set anywhere below `node`. */
function hasHandler(node: Node): boolean {
  let found = false;
  walk(node, (current) => {
    if (found) return false;
    if (current.type === 'Property' && !current.computed && current.key.type === 'Identifier' && handlerName.test(current.key.name) && current.value.type !== 'Literal') found = true;
  });
  return found;
}
