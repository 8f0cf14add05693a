/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren, VNode } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseBoolean, parseContent, parseText, rootAttributes, type PassThroughProps } from '../props.js';
import { Icon, iconOf } from './icon.js';

export interface AccordionProps extends PassThroughProps {
  title?: string | VNode;
  /** Short text under the title. */
  description?: string | VNode;
  /** Open on load (default: `false`). */
  defaultOpen?: boolean | string;
  icon?: string;
  iconType?: string;
  id?: string;
  children?: ComponentChildren;
}

/**
 * A `<details>` with the title in its `<summary>`: works without JavaScript and is announced
 * as expandable. Markdown mode: `<h4>title</h4>`, the description, then the content.
 */
export function Accordion(props: AccordionProps) {
  const title = parseContent(props.title) ?? '';
  const description = parseContent(props.description);
  if (useIsMarkdown()) {
    return (
      <>
        <h4>{title}</h4>
        {description !== undefined && <p>{description}</p>}
        <div>{props.children}</div>
      </>
    );
  }
  const attributes = rootAttributes(props, 'dg-accordion accordion');
  return (
    <details class={attributes.class} style={attributes.style} id={parseText(props.id)} open={parseBoolean(props.defaultOpen)}>
      <summary class="dg-accordion-summary">
        <Icon class="dg-accordion-icon" icon={iconOf(props.icon)} iconType={parseText(props.iconType)} />
        <span class="dg-accordion-heading">
          <span class="dg-accordion-title">{title}</span>
          {description !== undefined && <span class="dg-accordion-description">{description}</span>}
        </span>
      </summary>
      <div class="dg-accordion-body">{props.children}</div>
    </details>
  );
}

/** Groups accordions into one bordered block. Markdown mode: its children. */
export function AccordionGroup(props: PassThroughProps & { children?: ComponentChildren }) {
  if (useIsMarkdown()) return <div>{props.children}</div>;
  const attributes = rootAttributes(props, 'dg-accordion-group accordion-group');
  return (
    <div class={attributes.class} style={attributes.style}>
      {props.children}
    </div>
  );
}

export interface ExpandableProps extends PassThroughProps {
  /** What is inside, shown as "Show <title>" / "Hide <title>" (default: `"properties"`). */
  title?: string;
  /** Open on load (default: `false`). */
  defaultOpen?: boolean | string;
  children?: ComponentChildren;
}

/** Nested fields behind a `<details>` toggle. Markdown mode: its children. */
export function Expandable(props: ExpandableProps) {
  if (useIsMarkdown()) return <div>{props.children}</div>;
  const title = parseText(props.title) ?? 'properties';
  const attributes = rootAttributes(props, 'dg-expandable expandable');
  return (
    <details class={attributes.class} style={attributes.style} open={parseBoolean(props.defaultOpen)}>
      <summary class="dg-expandable-summary">
        <span class="dg-expandable-show">Show</span>
        <span class="dg-expandable-hide">Hide</span> {title}
      </summary>
      <div class="dg-expandable-body">{props.children}</div>
    </details>
  );
}
