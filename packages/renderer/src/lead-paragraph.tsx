/** @jsxRuntime automatic @jsxImportSource preact */
import { isValidElement, toChildArray, type ComponentChildren, type VNode } from 'preact';

/**
 * Put `lead` at the start of the first paragraph of `children`, for markdown mode: callouts
 * (`**Note:** text`) and fields (`` `name` (string): text ``) read as one paragraph in the
 * twin. When the content does not start with a paragraph or text, the lead gets its own
 * paragraph.
 */
export function withLeadParagraph(lead: ComponentChildren, children: ComponentChildren): ComponentChildren {
  const nodes = toChildArray(children);
  let index = 0;
  while (typeof nodes[index] === 'string' && (nodes[index] as string).trim() === '') index++;
  const first = nodes[index];
  const rest = nodes.slice(index + 1);

  if (first === undefined) return <p>{lead}</p>;

  if (typeof first === 'string' || typeof first === 'number') {
    // Inline content (`<Note>Text with *emphasis*</Note>`): it joins the lead up to the
    // first block element.
    let end = index + 1;
    while (end < nodes.length && !isBlock(nodes[end])) end++;
    return [
      <p>
        {lead} {nodes.slice(index, end)}
      </p>,
      ...nodes.slice(end),
    ];
  }

  if (isValidElement(first) && first.type === 'p') {
    const props = first.props as { children?: ComponentChildren };
    return [
      <p>
        {lead} {props.children}
      </p>,
      ...rest,
    ];
  }

  return [<p>{lead}</p>, ...nodes.slice(index)];
}

const blockTags = new Set(['p', 'div', 'ul', 'ol', 'pre', 'blockquote', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figure', 'details']);

function isBlock(node: unknown): boolean {
  if (!isValidElement(node)) return false;
  // Components (functions) are treated as blocks: most content components are.
  return typeof (node as VNode).type !== 'string' || blockTags.has((node as VNode).type as string);
}
