/** @jsxRuntime automatic @jsxImportSource preact */
import { createContext, type ComponentChildren, type VNode } from 'preact';
import { useContext } from 'preact/hooks';
import { useIsMarkdown } from '../render-context.js';
import { elementChildren, parseBoolean, parseContent, parseInteger, parseText, rootAttributes, type PassThroughProps } from '../props.js';
import { Icon, iconOf } from './icon.js';

type TitleSize = 'p' | 'h2' | 'h3' | 'h4';

const StepContext = createContext<{ number: number; titleSize: TitleSize }>({ number: 1, titleSize: 'p' });

function parseTitleSize(value: unknown): TitleSize | undefined {
  return value === 'p' || value === 'h2' || value === 'h3' || value === 'h4' ? value : undefined;
}

export interface StepsProps extends PassThroughProps {
  /** Element of every step title: `p`, `h2`, `h3` or `h4` (default: `p`). */
  titleSize?: string;
  children?: ComponentChildren;
}

/** Numbered steps: an `<ol>` whose `Step` children are its items (same in markdown mode). */
export function Steps(props: StepsProps) {
  const isMarkdown = useIsMarkdown();
  const titleSize = parseTitleSize(props.titleSize) ?? 'p';
  const steps = elementChildren(props.children).map((child, index) => (
    <StepContext.Provider value={{ number: index + 1, titleSize }}>{child}</StepContext.Provider>
  ));
  if (isMarkdown) return <ol>{steps}</ol>;
  const attributes = rootAttributes(props, 'dg-steps steps');
  return (
    // `role="list"`: Safari drops list semantics from lists styled without markers.
    <ol class={attributes.class} style={attributes.style} role="list">
      {steps}
    </ol>
  );
}

export interface StepProps extends PassThroughProps {
  title?: string | VNode;
  /** Number shown instead of the position in the list. */
  stepNumber?: number | string;
  /** Element of this step's title (default: the `Steps` value). */
  titleSize?: string;
  /** Icon shown instead of the number. */
  icon?: string;
  iconType?: string;
  /** Anchor id of the step; a step with one gets a self-link after its title. */
  id?: string;
  /** Leave out the self-link of a step with an `id` (default: `false`). */
  noAnchor?: boolean | string;
  children?: ComponentChildren;
}

/** One step. Markdown mode: `<li><p><strong>title</strong></p>…</li>`. */
export function Step(props: StepProps) {
  const isMarkdown = useIsMarkdown();
  const context = useContext(StepContext);
  const title = parseContent(props.title);
  if (isMarkdown) {
    return (
      <li>
        {title !== undefined && (
          <p>
            <strong>{title}</strong>
          </p>
        )}
        {props.children}
      </li>
    );
  }
  const number = parseInteger(props.stepNumber, context.number);
  const TitleTag = parseTitleSize(props.titleSize) ?? context.titleSize;
  const icon = iconOf(props.icon);
  const attributes = rootAttributes(props, 'dg-step step');
  const id = parseText(props.id)?.trim() || undefined;
  const anchor = id !== undefined && !parseBoolean(props.noAnchor);
  return (
    <li class={attributes.class} style={attributes.style} id={id}>
      <span class="dg-step-marker" data-component-part="step-number" aria-hidden="true">
        {icon === undefined ? number : <Icon icon={icon} iconType={parseText(props.iconType)} />}
      </span>
      <div class="dg-step-body">
        {title !== undefined && (
          <TitleTag class="dg-step-title">
            {title}
            {anchor && (
              <a class="dg-heading-anchor" href={`#${id}`} aria-label="Link to this step">
                <span aria-hidden="true">#</span>
              </a>
            )}
          </TitleTag>
        )}
        <div class="dg-step-content">{props.children}</div>
      </div>
    </li>
  );
}
