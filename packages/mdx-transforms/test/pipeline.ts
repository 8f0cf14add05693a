// Small unified pipelines the plugin tests run their fixtures through: remark-parse
// (+ remark-mdx for `.mdx`) + remark-gfm + remark-math → plugins → remark-stringify, or
// → remark-rehype → plugins → rehype-stringify.
import type { ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkStringify from 'remark-stringify';
import { type PluggableList, unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { VFile } from 'vfile';

const mdxNodes = ['mdxjsEsm', 'mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression'];

export interface PipelineOptions {
  /** Page path, `.mdx` parses as MDX. */
  path: string;
  remarkPlugins?: PluggableList;
  rehypePlugins?: PluggableList;
}

export function createFile(value: string, path: string): VFile {
  return new VFile({ value, path, cwd: '/project' });
}

function remark(path: string) {
  const processor = unified().use(remarkParse);
  if (path.endsWith('.mdx')) processor.use(remarkMdx);
  return processor.use(remarkGfm).use(remarkMath);
}

/** Source → mdast → plugins → Markdown (for plugins that only change mdast). */
export async function processToMarkdown(value: string, options: PipelineOptions) {
  const file = createFile(value, options.path);
  const processor = remark(options.path)
    .use(options.remarkPlugins ?? [])
    .use(remarkStringify, { bullet: '-', emphasis: '*', fences: true });
  const result = await processor.process(file);
  return { output: String(result), file: result };
}

/** Source → mdast → plugins → hast → plugins → HTML. */
export async function processToHtml(value: string, options: PipelineOptions) {
  const file = createFile(value, options.path);
  const processor = remark(options.path)
    .use(options.remarkPlugins ?? [])
    .use(remarkRehype, { passThrough: mdxNodes, allowDangerousHtml: true } as never)
    .use(options.rehypePlugins ?? [])
    .use(rehypeJsxAsElements)
    .use(rehypeStringify, { allowDangerousHtml: true });
  const result = await processor.process(file);
  return { output: String(result), file: result };
}

/** Source → mdast after the remark plugins (for tests that look at the tree). */
export async function runRemark(value: string, options: PipelineOptions) {
  const file = createFile(value, options.path);
  const processor = remark(options.path).use(options.remarkPlugins ?? []);
  const tree = (await processor.run(processor.parse(file), file)) as MdastRoot;
  return { tree, file };
}

/** Source → hast after the rehype plugins (for tests that look at the tree). */
export async function runRehype(value: string, options: PipelineOptions) {
  const file = createFile(value, options.path);
  const processor = remark(options.path)
    .use(options.remarkPlugins ?? [])
    .use(remarkRehype, { passThrough: mdxNodes, allowDangerousHtml: true } as never)
    .use(options.rehypePlugins ?? []);
  const tree = (await processor.run(processor.parse(file), file)) as HastRoot;
  return { tree, file };
}

/**
 * Test-only: print MDX JSX as HTML-like elements so rehype-stringify can show them;
 * `<CodeBlock html>` prints its highlighted HTML as its content, for readable fixtures.
 */
function rehypeJsxAsElements() {
  return function (tree: HastRoot): undefined {
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return undefined;
      let replacement: RootContent | undefined;
      if (node.type === 'mdxjsEsm') replacement = { type: 'comment', value: ` esm: ${node.value} ` };
      else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        replacement = { type: 'text', value: `{${node.value}}` };
      } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const properties: Record<string, string> = {};
        let html: string | undefined;
        for (const attribute of node.attributes) {
          if (attribute.type !== 'mdxJsxAttribute') continue;
          const value = readValue(attribute);
          if (attribute.name === 'html' && node.name === 'CodeBlock') html = value;
          else properties[attribute.name] = value;
        }
        const children = html === undefined ? node.children : [{ type: 'raw', value: html } as unknown as ElementContent];
        replacement = { type: 'element', tagName: node.name ?? 'fragment', properties, children: children as ElementContent[] };
      }
      if (!replacement) return undefined;
      parent.children[index] = replacement as never;
      return [SKIP, index];
    });
  };
}

function readValue(attribute: MdxJsxAttribute): string {
  if (attribute.value === null || attribute.value === undefined) return '';
  return typeof attribute.value === 'string' ? attribute.value : `{${attribute.value.value}}`;
}
