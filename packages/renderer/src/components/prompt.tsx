/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';
import { parseList, parseText, rootAttributes, type PassThroughProps } from '../props.js';

export interface PromptProps extends PassThroughProps {
  /** What the prompt does (required). */
  description?: string;
  /** Buttons: `copy` and `cursor` (open in Cursor) (default: `['copy']`). */
  actions?: string[] | string;
  /** The prompt text. */
  children?: ComponentChildren;
}

/**
 * A copyable AI prompt: description, the prompt text, and action buttons that the client
 * script wires up (copy to the clipboard, open in Cursor). Markdown mode: the description as
 * a paragraph and the prompt in a `<blockquote>`.
 */
export function Prompt(props: PromptProps) {
  const description = parseText(props.description);
  if (useIsMarkdown()) {
    return (
      <>
        {description !== undefined && (
          <p>
            <strong>Prompt:</strong> {description}
          </p>
        )}
        <blockquote>{props.children}</blockquote>
      </>
    );
  }
  const listed = parseList(props.actions);
  const actions = listed.length === 0 ? ['copy'] : listed;
  const attributes = rootAttributes(props, 'dg-prompt');
  return (
    <div class={attributes.class} style={attributes.style}>
      <div class="dg-prompt-head">
        {description !== undefined && <p class="dg-prompt-description">{description}</p>}
        <div class="dg-prompt-actions">
          {actions.includes('copy') && (
            <button type="button" class="dg-prompt-action" data-prompt-action="copy" aria-label="Copy prompt">
              Copy
            </button>
          )}
          {actions.includes('cursor') && (
            <button type="button" class="dg-prompt-action" data-prompt-action="cursor">
              Open in Cursor
            </button>
          )}
        </div>
      </div>
      <div class="dg-prompt-body">{props.children}</div>
    </div>
  );
}
