/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useIsMarkdown } from '../render-context.js';

export interface VisibilityProps {
  /** `humans`: only on the web page; `agents`: only in the Markdown twin. */
  for?: string;
  children?: ComponentChildren;
}

/** Content for one audience: `for="humans"` renders in html mode only, `for="agents"` in markdown mode only. */
export function Visibility(props: VisibilityProps) {
  const isMarkdown = useIsMarkdown();
  if (props.for === 'agents') return isMarkdown ? <>{props.children}</> : null;
  if (props.for === 'humans') return isMarkdown ? null : <>{props.children}</>;
  return <>{props.children}</>;
}
