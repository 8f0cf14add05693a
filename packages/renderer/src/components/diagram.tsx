/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseBoolean, parseText, rootAttributes, textOfChildren, type PassThroughProps } from '../props.js';

export interface MermaidProps extends PassThroughProps {
  /** Diagram source (default: the text of the children). */
  chart?: string;
  /**
   * Zoom and pan controls: `true`, `false`, or unset for automatic (shown when the drawn
   * diagram is taller than 120px).
   */
  actions?: boolean | string;
  /** Corner of the controls: `top-left`, `top-right`, `bottom-left` or `bottom-right` (default: `bottom-right`). */
  placement?: string;
  children?: ComponentChildren;
}

const placements = new Set(['top-left', 'top-right', 'bottom-left', 'bottom-right']);

/**
 * A Mermaid diagram: `<pre class="mermaid">` with the escaped source, drawn in the browser by
 * the mermaid bundle, which the page loads only when it has such a block. `actions` and
 * `placement` become `data-actions` (`true`/`false`, absent for automatic) and
 * `data-placement` (absent for the default), read by `mermaid-loader.js`, which adds the zoom
 * and pan controls. Markdown mode: a `mermaid` code block.
 */
export function Mermaid(props: MermaidProps) {
  const chart = parseText(props.chart) ?? textOfChildren(props.children);
  if (useIsMarkdown()) {
    return (
      <pre data-language="mermaid">
        <code>{chart}</code>
      </pre>
    );
  }
  const attributes = rootAttributes(props, 'mermaid');
  return (
    <pre
      class={attributes.class}
      style={attributes.style}
      data-actions={props.actions === undefined || props.actions === null ? undefined : String(parseBoolean(props.actions, true))}
      data-placement={placements.has(parseText(props.placement) ?? '') ? parseText(props.placement) : undefined}
    >
      {chart}
    </pre>
  );
}

/**
 * Block math written as `<Latex>`; the pipeline normally rewrites `<latex>` to `$$…$$` before
 * parsing. Html mode: the children in a `.math-display` div. Markdown mode: a `math` code block.
 */
export function Latex(props: PassThroughProps & { children?: ComponentChildren }) {
  if (useIsMarkdown()) {
    return (
      <pre data-language="math">
        <code>{textOfChildren(props.children)}</code>
      </pre>
    );
  }
  const attributes = rootAttributes(props, 'math-display');
  return (
    <div class={attributes.class} style={attributes.style}>
      {props.children}
    </div>
  );
}

/**
 * Stand-in for a component the page uses but nobody defines (the pipeline renames such tags
 * and reports a warning): its children, so one unknown tag never takes the page down.
 */
export function UnknownComponent(props: { name?: string; children?: ComponentChildren }) {
  if (useIsMarkdown()) return <>{props.children}</>;
  return <div data-unknown-component={parseText(props.name) ?? ''}>{props.children}</div>;
}
