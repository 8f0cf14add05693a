/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseInteger, rootAttributes, type PassThroughProps } from '../props.js';

export interface ColumnsProps extends PassThroughProps {
  /** Number of columns on wide screens, 1 to 4 (default: `2`). */
  cols?: number | string;
  children?: ComponentChildren;
}

function createGrid(ownClass: string, name: string) {
  function Grid(props: ColumnsProps) {
    if (useIsMarkdown()) return <div>{props.children}</div>;
    const cols = parseInteger(props.cols, 2, 1, 4);
    const attributes = rootAttributes(props, ownClass, { '--dg-cols': cols });
    return (
      <div class={attributes.class} style={attributes.style} data-cols={String(cols)}>
        {props.children}
      </div>
    );
  }
  Object.defineProperty(Grid, 'name', { value: name });
  return Grid;
}

/** Responsive grid of cards (legacy name of `Columns`). Markdown mode: its children. */
export const CardGroup = createGrid('dg-columns dg-card-group card-group', 'CardGroup');
/** Responsive grid, one column on narrow screens. Markdown mode: its children. */
export const Columns = createGrid('dg-columns columns', 'Columns');

/** One cell of `Columns`. Markdown mode: its children. */
export function Column(props: PassThroughProps & { children?: ComponentChildren }) {
  if (useIsMarkdown()) return <div>{props.children}</div>;
  const attributes = rootAttributes(props, 'dg-column');
  return (
    <div class={attributes.class} style={attributes.style}>
      {props.children}
    </div>
  );
}
