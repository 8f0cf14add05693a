/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseText, rootAttributes, type PassThroughProps } from '../props.js';
import { Icon, iconOf } from './icon.js';

export interface ViewProps extends PassThroughProps {
  /** View name, such as a language (required); views with the same title sync with tabs. */
  title?: string;
  icon?: string;
  iconType?: string;
  children?: ComponentChildren;
}

/**
 * One of several alternative views of the page. Without JavaScript every view shows under its
 * title; the client script adds a selector, shows the chosen view and syncs it with tab labels.
 * Markdown mode: `<h4>title</h4>` + content.
 */
export function View(props: ViewProps) {
  const title = parseText(props.title) ?? '';
  if (useIsMarkdown()) {
    return (
      <>
        <h4>{title}</h4>
        <div>{props.children}</div>
      </>
    );
  }
  const attributes = rootAttributes(props, 'dg-view');
  return (
    <section class={attributes.class} style={attributes.style} data-view={title} aria-label={title}>
      <p class="dg-view-title">
        <Icon icon={iconOf(props.icon)} iconType={parseText(props.iconType)} />
        {title}
      </p>
      {props.children}
    </section>
  );
}
