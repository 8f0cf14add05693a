/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren, VNode } from 'preact';
import { useId } from 'preact/hooks';
import { recordExample } from '../content-facts.js';
import { useRenderContext } from '../render-context.js';
import { elementChildren, parseBoolean, parseText, rootAttributes, type PassThroughProps } from '../props.js';
import { CodeGroupContext } from './code-block.js';
import { SideContent } from './frame.js';
import { TabSet } from './tab-set.js';

export interface CodeGroupProps extends PassThroughProps {
  /** Show a drop-down menu instead of tabs (enhanced by the client script; default: `false`). */
  dropdown?: boolean | string;
  /** `CodeBlock` elements; each one's `title` (or `filename`, or `language`) labels its tab. */
  children?: ComponentChildren;
}

/**
 * The first code block a component renders, when it says (`codeBlocks` on the component: a
 * snippet file imported into the page, whose own fences name its tab as if written here).
 */
function snippetBlock(child: VNode<Record<string, unknown>>): { title?: string; language?: string; icon?: string } | undefined {
  if (typeof child.type !== 'function') return undefined;
  const blocks = (child.type as { codeBlocks?: unknown }).codeBlocks;
  return Array.isArray(blocks) && typeof blocks[0] === 'object' && blocks[0] !== null ? (blocks[0] as { title?: string; language?: string; icon?: string }) : undefined;
}

function CodeTabs(props: CodeGroupProps & { blocks: VNode<Record<string, unknown>>[] }) {
  const items = props.blocks.map((child, index) => {
    const own = child.props;
    const block = snippetBlock(child);
    return {
      label: parseText(own.title) ?? parseText(own.filename) ?? parseText(own.language) ?? parseText(block?.title) ?? parseText(block?.language) ?? `Tab ${index + 1}`,
      icon: parseText(own.icon) ?? parseText(block?.icon),
      content: child,
    };
  });
  return (
    <CodeGroupContext.Provider value={true}>
      <TabSet
        className={props.className}
        class={props.class}
        style={props.style}
        items={items}
        defaultIndex={0}
        sync={true}
        kind="code"
        dropdown={parseBoolean(props.dropdown)}
      />
    </CodeGroupContext.Provider>
  );
}

/**
 * Tabs over code blocks, synced by label across the page like `Tabs`. Markdown mode: each
 * block under an `<h4>` with its label.
 */
export function CodeGroup(props: CodeGroupProps) {
  return <CodeTabs {...props} blocks={elementChildren(props.children)} />;
}

export interface ExampleProps extends CodeGroupProps {
  /** Visible label of the region (default: "Request example" / "Response example"). */
  title?: string;
}

function createExample(kind: 'request' | 'response', defaultLabel: string) {
  function Example(props: ExampleProps) {
    const { mode, idPrefix } = useRenderContext();
    const labelId = `${idPrefix}${useId()}`;
    recordExample(kind);
    const label = parseText(props.title) ?? defaultLabel;
    const blocks = elementChildren(props.children);
    // Several snippets switch like a code group; one (or an explicit <CodeGroup>) shows as is.
    const content =
      blocks.length > 1 ? <CodeTabs blocks={blocks} dropdown={props.dropdown} /> : props.children;
    if (mode === 'markdown') {
      return (
        <>
          <p>
            <strong>{label}</strong>
          </p>
          {content}
        </>
      );
    }
    const attributes = rootAttributes(props, `dg-example dg-${kind}-example`);
    return (
      <SideContent>
        <section class={attributes.class} style={attributes.style} aria-labelledby={labelId} data-example={kind}>
          <p class="dg-example-label" id={labelId}>
            {label}
          </p>
          {content}
        </section>
      </SideContent>
    );
  }
  Object.defineProperty(Example, 'name', { value: kind === 'request' ? 'RequestExample' : 'ResponseExample' });
  return Example;
}

/** Labelled region with the request snippets of an API page; on the web page it goes to the right-hand column (see `SideContent`). */
export const RequestExample = createExample('request', 'Request example');
/** Labelled region with the response snippets of an API page; on the web page it goes to the right-hand column (see `SideContent`). */
export const ResponseExample = createExample('response', 'Response example');
