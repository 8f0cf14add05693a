import type { Html, Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { posix } from 'node:path';
import type { VFile } from 'vfile';
import { forEachNode } from './for-each-node.js';
import { resolveImageUrl } from './resolve-image-url.js';

/**
 * Options for `remarkAbsoluteImages`.
 */
export interface AbsoluteImagesOptions {
  /**
   * Path of the page relative to the project root, such as `guides/setup/intro.mdx`
   * (default: `file.path` relative to `file.cwd`; a file without a path counts as being at
   * the root).
   */
  pagePath?: string | null | undefined;
}

/**
 * `AbsoluteImagesOptions` with every default applied.
 */
export interface ResolvedAbsoluteImagesOptions {
  /** Page path, or `undefined` to take it from each file. */
  pagePath: string | undefined;
}

const defaults: ResolvedAbsoluteImagesOptions = { pagePath: undefined };
const source = '@docsgen/mdx-transforms';
const imgTag = /<img\b[^>]*>/gi;
const srcAttribute = /(\ssrc[ \t\n]*=[ \t\n]*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * Make relative image URLs absolute paths from the project root.
 *
 * Handles Markdown images (`![](../images/x.png)`), definitions used by image references,
 * MDX `<img src>` (also inside `<Frame>` and any other component) and `<img src>` in raw HTML
 * of `.md` pages. Absolute paths, URLs with a scheme (`https:`, `data:`), protocol-relative
 * URLs and `#fragments` are left alone. `..` never climbs above the root: such a path is
 * clamped and reported as `image-path-outside-root`.
 *
 * @param options
 *   Where the page lives.
 * @returns
 *   Transform.
 */
export function remarkAbsoluteImages(options?: AbsoluteImagesOptions | null | undefined) {
  const settings = resolveAbsoluteImagesOptions(options);

  return function (tree: Root, file: VFile): undefined {
    const pagePath = settings.pagePath ?? pagePathOf(file);
    const imageReferences = new Set<string>();

    const resolve = (url: string, node: Nodes): string => {
      const result = resolveImageUrl(url, pagePath);
      if (result.isClamped) {
        const message = file.message(
          `Unexpected image path \`${url}\` in \`${pagePath}\`: it climbs above the project root, so it is read as \`${result.url}\``,
          { place: node.position, ruleId: 'image-path-outside-root', source },
        );
        message.actual = url;
        message.expected = [result.url];
        message.note = 'Write the path from the project root, such as `/images/x.png`.';
      }
      return result.url;
    };

    forEachNode<Nodes>(tree, (node) => {
      if (node.type === 'image') node.url = resolve(node.url, node);
      else if (node.type === 'imageReference') imageReferences.add(node.identifier);
      else if (node.type === 'html') rewriteHtml(node, resolve);
      else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        rewriteJsx(node, resolve);
      }
    });

    if (imageReferences.size === 0) return;

    forEachNode<Nodes>(tree, (node) => {
      if (node.type === 'definition' && imageReferences.has(node.identifier)) node.url = resolve(node.url, node);
    });
  };
}

function resolveAbsoluteImagesOptions(
  options: AbsoluteImagesOptions | null | undefined,
): ResolvedAbsoluteImagesOptions {
  const pagePath = options?.pagePath ?? defaults.pagePath;
  if (pagePath !== undefined && typeof pagePath !== 'string') {
    throw new TypeError(
      `Cannot make image paths absolute: \`options.pagePath\` is \`${String(pagePath)}\`, expected a path such as \`guides/intro.mdx\``,
    );
  }
  return { pagePath };
}

/** The page's path from the project root, from `file.path` and `file.cwd` (internal: also for `remarkAbsoluteLinks`). */
export function pagePathOf(file: VFile): string {
  if (!file.path) return 'index';
  let path = file.path.split('\\').join('/');
  let cwd = file.cwd.split('\\').join('/');
  // Windows paths on one drive (`C:/docs/a.mdx` in `c:/docs`) compare without the drive.
  const drive = /^[a-z]:\//i;
  if (drive.test(path) && drive.test(cwd) && path[0]!.toLowerCase() === cwd[0]!.toLowerCase()) {
    path = path.slice(2);
    cwd = cwd.slice(2);
  }
  // `posix.relative` resolves a relative path against `process.cwd()`; only use it when both
  // are absolute, so the result never depends on where the process runs.
  return path.startsWith('/') && cwd.startsWith('/') ? posix.relative(cwd, path) : path;
}

function rewriteJsx(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  resolve: (url: string, node: Nodes) => string,
): undefined {
  if (node.name !== 'img') return;
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === 'src') {
      if (typeof attribute.value === 'string') attribute.value = resolve(attribute.value, node);
    }
  }
}

function rewriteHtml(node: Html, resolve: (url: string, node: Nodes) => string): undefined {
  if (!/<img\b/i.test(node.value)) return;
  node.value = node.value.replace(imgTag, (tag) =>
    tag.replace(srcAttribute, (whole, before: string, double?: string, single?: string, bare?: string) => {
      if (double !== undefined) return `${before}"${resolve(double, node)}"`;
      if (single !== undefined) return `${before}'${resolve(single, node)}'`;
      return bare === undefined ? whole : before + resolve(bare, node);
    }),
  );
}
