/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { useRenderContext } from '../render-context.js';
import { rootAttributes, type PassThroughProps } from '../props.js';
import { Icon } from './icon.js';

/** One tab: label, optional icon and id, and the panel content. */
export interface TabItem {
  label: string;
  icon?: string | undefined;
  iconType?: string | undefined;
  id?: string | undefined;
  content: ComponentChildren;
}

export interface TabSetProps extends PassThroughProps {
  items: TabItem[];
  /** Index of the panel shown first. */
  defaultIndex: number;
  /** Whether choosing a label selects the same label in every synced tab set on the page. */
  sync: boolean;
  /** Root class: `dg-tabs` for `Tabs`, plus `dg-code-group` for code groups. */
  kind: 'tabs' | 'code';
  /** Whether the client script shows a `<select>` instead of the tab list. */
  dropdown?: boolean;
}

/**
 * Tabs shared by `Tabs`, `CodeGroup` and the request/response examples.
 *
 * Without JavaScript, switching works through visually hidden radio inputs (one group per
 * tab set, the checked one shows the panel after it, CSS `:checked + .dg-tab-panel`), and
 * the radios are keyboard-operable (arrow keys). The labels carry the ARIA `tab` role and
 * the panels `tabpanel`; the client script then hides the radios, makes the labels focusable
 * with roving tabindex and arrow keys, and syncs labels across the page.
 *
 * Markdown mode: each item as `<h4>label</h4>` followed by its content.
 */
export function TabSet(props: TabSetProps) {
  const { mode, idPrefix } = useRenderContext();
  const base = `${idPrefix}${useId()}`;
  if (mode === 'markdown') {
    return (
      <>
        {props.items.map((item) => (
          <>
            <h4>{item.label}</h4>
            <div>{item.content}</div>
          </>
        ))}
      </>
    );
  }

  const selected = props.defaultIndex < props.items.length ? props.defaultIndex : 0;
  const attributes = rootAttributes(props, props.kind === 'code' ? 'dg-tabs dg-code-group code-group' : 'dg-tabs tabs');
  return (
    <div
      class={attributes.class}
      style={attributes.style}
      data-dg-tabs=""
      data-sync={props.sync ? 'true' : 'false'}
      data-dropdown={props.dropdown ? '' : undefined}
    >
      <div class="dg-tabs-list" role="tablist">
        {props.items.map((item, index) => (
          <label
            class="dg-tab"
            for={`${base}-${index}`}
            id={`${base}-tab-${index}`}
            role="tab"
            aria-selected={index === selected ? 'true' : 'false'}
            aria-controls={item.id ?? `${base}-panel-${index}`}
            data-label={item.label}
          >
            <Icon icon={item.icon} iconType={item.iconType} />
            {item.label}
          </label>
        ))}
      </div>
      {props.items.map((item, index) => (
        <>
          <input
            class="dg-tabs-radio"
            type="radio"
            name={base}
            id={`${base}-${index}`}
            checked={index === selected}
          />
          <div
            class="dg-tab-panel"
            role="tabpanel"
            id={item.id ?? `${base}-panel-${index}`}
            aria-labelledby={`${base}-tab-${index}`}
          >
            {item.content}
          </div>
        </>
      ))}
    </div>
  );
}
