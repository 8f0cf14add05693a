import type { Nodes, Root } from 'mdast';
import { type CodeMeta, isMetaNotLanguage, parseCodeMeta } from './code-meta.js';
import { forEachNode } from './for-each-node.js';

declare module 'mdast' {
  interface CodeData {
    /** Parsed fence meta, set by `remarkCodeMeta`. */
    meta?: CodeMeta | undefined;
  }
}

/**
 * Parse the meta string of every code fence into `node.data.meta` (a `CodeMeta`), so later
 * plugins (code groups, the Markdown twin) read titles and flags without parsing again. A fence
 * whose first word is an attribute (```` ```title="Setup" ````) has no language: that word goes
 * back to its meta.
 *
 * `rehypeHighlightCode` does not need this plugin: remark-rehype keeps only the raw meta
 * string on `<code>`, and the highlighter parses that itself.
 *
 * @returns
 *   Transform.
 */
export function remarkCodeMeta() {
  return function (tree: Root): undefined {
    forEachNode<Nodes>(tree, (node) => {
      if (node.type !== 'code') return;
      // ```` ```title="Setup" ````: a block without a language, whose meta starts at once.
      if (isMetaNotLanguage(node.lang)) {
        node.meta = node.meta ? `${node.lang} ${node.meta}` : node.lang;
        node.lang = null;
      }
      node.data ??= {};
      node.data.meta = parseCodeMeta(node.meta);
    });
  };
}
