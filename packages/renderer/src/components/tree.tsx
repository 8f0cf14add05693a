/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { elementChildren, parseBoolean, parseText, rootAttributes, type PassThroughProps } from '../props.js';

export interface TreeFolderProps extends PassThroughProps {
  name?: string;
  /** Expanded on load (default: `false`). */
  defaultOpen?: boolean | string;
  /** Whether the reader can collapse it (default: `true`). */
  openable?: boolean | string;
  /** Emphasise this entry (default: `false`). */
  highlight?: boolean | string;
  children?: ComponentChildren;
}

export interface TreeFileProps extends PassThroughProps {
  name?: string;
  highlight?: boolean | string;
}

/**
 * A folder: `<li>` with a `<details>` (or, when not openable, a plain label) and its entries
 * in a nested `<ul>`. Markdown mode: `<li>name/<ul>…</ul></li>`.
 */
function TreeFolder(props: TreeFolderProps) {
  const name = parseText(props.name) ?? '';
  const hasEntries = elementChildren(props.children).length > 0;
  if (useIsMarkdown()) {
    return (
      <li>
        {name}/{hasEntries && <ul>{props.children}</ul>}
      </li>
    );
  }
  const attributes = rootAttributes(props, 'dg-tree-folder');
  const entries = hasEntries ? <ul>{props.children}</ul> : null;
  const highlight = parseBoolean(props.highlight) ? '' : undefined;
  if (!parseBoolean(props.openable, true)) {
    return (
      <li class={attributes.class} style={attributes.style} data-highlight={highlight}>
        <span class="dg-tree-name">{name}</span>
        {entries}
      </li>
    );
  }
  return (
    <li class={attributes.class} style={attributes.style} data-highlight={highlight}>
      <details open={parseBoolean(props.defaultOpen)}>
        <summary class="dg-tree-name">{name}</summary>
        {entries}
      </details>
    </li>
  );
}

/** A file: `<li>`. Markdown mode: `<li>name</li>`. */
function TreeFile(props: TreeFileProps) {
  const name = parseText(props.name) ?? '';
  if (useIsMarkdown()) return <li>{name}</li>;
  const attributes = rootAttributes(props, 'dg-tree-file');
  return (
    <li class={attributes.class} style={attributes.style} data-highlight={parseBoolean(props.highlight) ? '' : undefined}>
      <span class="dg-tree-name">{name}</span>
    </li>
  );
}

/**
 * A file tree: `Tree.Folder` and `Tree.File` children in a `<ul>`, or a Markdown list as
 * children (kept as it is). Markdown mode: a nested list.
 */
function TreeRoot(props: PassThroughProps & { children?: ComponentChildren }) {
  const isMarkdown = useIsMarkdown();
  const isList = elementChildren(props.children).some((child) => child.type === 'ul' || child.type === 'ol');
  if (isMarkdown) return isList ? <>{props.children}</> : <ul>{props.children}</ul>;
  const attributes = rootAttributes(props, 'dg-tree');
  return (
    <div class={attributes.class} style={attributes.style}>
      {isList ? props.children : <ul>{props.children}</ul>}
    </div>
  );
}

/** `Tree` with its members `Tree.Folder` and `Tree.File`, as MDX uses them. */
export const Tree = Object.assign(TreeRoot, { Folder: TreeFolder, File: TreeFile });
Object.defineProperty(Tree, 'name', { value: 'Tree' });
