/** @jsxRuntime automatic @jsxImportSource preact */
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { recordParamField } from '../content-facts.js';
import { useIsMarkdown } from '../render-context.js';
import { withLeadParagraph } from '../lead-paragraph.js';
import { parseBoolean, parseList, parseText, rootAttributes, type PassThroughProps } from '../props.js';

const locations = ['path', 'query', 'body', 'header'] as const;

/** Inside a field's body: a `ParamField` there documents a nested field, not a parameter. */
const InField = createContext(false);

export interface FieldProps extends PassThroughProps {
  /** Response field name (`ResponseField`); the location props are aliases. */
  name?: string;
  path?: string;
  query?: string;
  body?: string;
  header?: string;
  /** Type label, such as `string` or `integer[]`. */
  type?: string;
  /** Renders a required badge (default: `false`). */
  required?: boolean | string;
  /** Default value, shown monospaced. */
  default?: unknown;
  /** Renders a deprecated badge (default: `false`). */
  deprecated?: boolean | string;
  /** Placeholder of the playground input (`ParamField`). */
  placeholder?: string;
  /** Labels before the name (`ResponseField`). */
  pre?: string[] | string;
  /** Labels after the name (`ResponseField`). */
  post?: string[] | string;
  children?: ComponentChildren;
}

function defaultText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function useField(kind: 'param' | 'response', props: FieldProps, isMarkdown: boolean) {
  const location = locations.find((key) => parseText(props[key]) !== undefined);
  const name = (kind === 'response' ? parseText(props.name) : undefined) ?? (location && parseText(props[location])) ?? parseText(props.name) ?? '';
  const type = parseText(props.type);
  const isRequired = parseBoolean(props.required);
  const isDeprecated = parseBoolean(props.deprecated);
  const fallback = defaultText(props.default);
  const pre = parseList(props.pre);
  const post = parseList(props.post);
  const isNested = useContext(InField);
  if (kind === 'param' && !isNested && location !== undefined && name !== '') {
    recordParamField({
      in: location,
      name,
      type,
      isRequired,
      isDeprecated,
      ...(props.default === undefined ? {} : { default: { value: props.default } }),
      placeholder: parseText(props.placeholder),
    });
  }

  if (isMarkdown) {
    const flags = [
      ...pre,
      ...(type === undefined ? [] : [type]),
      ...(isRequired ? ['required'] : []),
      ...(fallback === undefined ? [] : [`default: ${fallback}`]),
      ...(isDeprecated ? ['deprecated'] : []),
      ...post,
    ];
    const hasContent = !(props.children === undefined || props.children === null || (typeof props.children === 'string' && props.children.trim() === ''));
    const lead = (
      <>
        <code>{name}</code>
        {flags.length > 0 && ` (${flags.join(', ')})`}
        {hasContent && ':'}
      </>
    );
    return (
      <ul>
        <li>{hasContent ? withLeadParagraph(lead, props.children) : <p>{lead}</p>}</li>
      </ul>
    );
  }

  const attributes = rootAttributes(props, 'dg-field');
  return (
    <div
      class={attributes.class}
      style={attributes.style}
      data-field={kind}
      data-location={location}
      data-placeholder={kind === 'param' ? parseText(props.placeholder) : undefined}
    >
      <div class="dg-field-head">
        {pre.map((label) => (
          <span class="dg-field-label">{label}</span>
        ))}
        <code class="dg-field-name">{name}</code>
        {post.map((label) => (
          <span class="dg-field-label">{label}</span>
        ))}
        {type !== undefined && <span class="dg-field-type">{type}</span>}
        {fallback !== undefined && (
          <span class="dg-field-default">
            default: <code>{fallback}</code>
          </span>
        )}
        {isRequired && (
          <span class="dg-field-badge" data-badge="required">
            required
          </span>
        )}
        {isDeprecated && (
          <span class="dg-field-badge" data-badge="deprecated">
            deprecated
          </span>
        )}
      </div>
      {props.children !== undefined && <div class="dg-field-body">{props.children}</div>}
    </div>
  );
}

/** One request parameter; exactly one of `path`, `query`, `body`, `header` names it. */
export function ParamField(props: FieldProps) {
  return <InField.Provider value>{useField('param', props, useIsMarkdown())}</InField.Provider>;
}

/** One response field (or a row of a props table). */
export function ResponseField(props: FieldProps) {
  return <InField.Provider value>{useField('response', props, useIsMarkdown())}</InField.Provider>;
}
