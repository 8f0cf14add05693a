/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { classNames, elementChildren, parseBoolean, parseInteger, parseText, type PassThroughProps } from '../props.js';
import { TabSet } from './tab-set.js';

export interface TabsProps extends PassThroughProps {
  /** Index of the tab shown first (default: `0`). */
  defaultTabIndex?: number | string;
  /** Whether choosing a tab selects the same-labelled tab everywhere on the page (default: `true`). */
  sync?: boolean | string;
  /** Add padding under the tab panels, to set tabs of uneven length apart from what follows (default: `false`). */
  borderBottom?: boolean | string;
  /** `Tab` elements. */
  children?: ComponentChildren;
}

export interface TabProps {
  /** Tab label (required). */
  title?: string;
  /** Icon name or image URL shown before the label. */
  icon?: string;
  iconType?: string;
  /** Id of the tab panel, for links to it. */
  id?: string;
  children?: ComponentChildren;
}

/** Tab set over its `Tab` children; see `TabSet` for the markup. */
export function Tabs(props: TabsProps) {
  const items = elementChildren(props.children).map((child, index) => {
    const tab = child.props as TabProps;
    return {
      label: parseText(tab.title) ?? `Tab ${index + 1}`,
      icon: parseText(tab.icon),
      iconType: parseText(tab.iconType),
      id: parseText(tab.id),
      // The element itself, so an overridden `Tab` still renders its panel content.
      content: child,
    };
  });
  return (
    <TabSet
      className={classNames(props.className, parseBoolean(props.borderBottom) ? 'dg-tabs-border-bottom' : undefined)}
      class={props.class}
      style={props.style}
      items={items}
      defaultIndex={parseInteger(props.defaultTabIndex, 0, 0)}
      sync={parseBoolean(props.sync, true)}
      kind="tabs"
    />
  );
}

/** One tab of `Tabs`: its content (the label is read by `Tabs`). */
export function Tab(props: TabProps) {
  return <>{props.children}</>;
}
