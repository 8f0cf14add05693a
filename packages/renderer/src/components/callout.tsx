/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren, VNode } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { withLeadParagraph } from '../lead-paragraph.js';
import { parseContent, parseText, rootAttributes, safeCssValue, type PassThroughProps } from '../props.js';
import { Icon } from './icon.js';

export interface CalloutProps extends PassThroughProps {
  /** Visible title; also the label in the Markdown twin (default: the component name). */
  title?: string | VNode;
  /** Icon name or image URL (`Callout` only; the presets have their own icon). */
  icon?: string;
  iconType?: string;
  /** Accent colour, a CSS colour (`Callout` only). */
  color?: string;
  children?: ComponentChildren;
}

type CalloutType = 'note' | 'warning' | 'info' | 'tip' | 'check' | 'danger' | 'callout';

function renderCallout(type: CalloutType, label: string, props: CalloutProps, isMarkdown: boolean) {
  const title = parseContent(props.title);
  if (isMarkdown) {
    return <blockquote>{withLeadParagraph(<strong>{title ?? label}:</strong>, props.children)}</blockquote>;
  }
  const attributes = rootAttributes(props, 'dg-callout callout', { '--dg-callout-color': safeCssValue(props.color) });
  return (
    <div class={attributes.class} style={attributes.style} data-type={type} data-callout-type={type} role="note">
      {type === 'callout' && props.icon !== undefined ? (
        <Icon class="dg-callout-icon" icon={props.icon} iconType={props.iconType} />
      ) : (
        <span class="dg-callout-icon" aria-hidden="true" />
      )}
      <div class="dg-callout-content" data-component-part="callout-content">
        {title === undefined ? (
          // The type is otherwise only shown by colour and icon.
          type === 'callout' ? null : <span class="dg-sr-only">{label}: </span>
        ) : (
          <p class="dg-callout-title">{title}</p>
        )}
        {props.children}
      </div>
    </div>
  );
}

function createCallout(type: CalloutType, label: string) {
  function PresetCallout(props: CalloutProps) {
    return renderCallout(type, label, props, useIsMarkdown());
  }
  Object.defineProperty(PresetCallout, 'name', { value: label });
  return PresetCallout;
}

/** Blue callout for additional context. */
export const Note = createCallout('note', 'Note');
/** Amber callout for things to be careful about. */
export const Warning = createCallout('warning', 'Warning');
/** Neutral callout for background information. */
export const Info = createCallout('info', 'Info');
/** Green callout for recommendations. */
export const Tip = createCallout('tip', 'Tip');
/** Green callout confirming a state or a success. */
export const Check = createCallout('check', 'Check');
/** Red callout for destructive or dangerous actions. */
export const Danger = createCallout('danger', 'Danger');
/** Callout with a custom icon and colour. */
export const Callout = createCallout('callout', 'Callout');
