import type { AsyncApiPageModel, AsyncMessageModel, SchemaModel } from '@docsgen/openapi-pages';
import { renderSpecMarkdown } from '@docsgen/openapi-pages/markdown';
import { renderToString } from 'preact-render-to-string';
import type { LayoutTocEntry } from '../layout/types.js';

/** What `renderAsyncApiOperation` draws: one AsyncAPI channel operation. */
export interface AsyncApiOperationInput {
  page: AsyncApiPageModel;
  /** `markdown`: plain HTML for the Markdown twin (default: `html`). */
  mode?: 'html' | 'markdown' | null | undefined;
  /** Highlighted HTML of a code sample, or `undefined` to render it plain (default: plain). */
  highlight?: ((code: string, lang: string) => string | undefined) | null | undefined;
}

/**
 * One AsyncAPI channel operation as HTML: the action and channel address, the description,
 * the servers with their protocols, the channel parameters, and each message with its payload
 * and header fields and examples. Spec text is untrusted: Markdown goes through
 * `renderSpecMarkdown`, everything else is escaped by Preact.
 */
export function renderAsyncApiOperation(input: AsyncApiOperationInput): { html: string; toc: LayoutTocEntry[] } {
  const { page } = input;
  const toc: LayoutTocEntry[] = [];
  const heading = (id: string, text: string) => {
    toc.push({ depth: 2, id, text });
    return <h2 id={id}>{text}</h2>;
  };
  const html = renderToString(
    <section class="dg-api dg-api-async" data-dg-api="" data-action={page.action}>
      <p class="dg-api-endpoint">
        <span class={`dg-api-method dg-api-method-${page.action.toLowerCase()}`}>{page.action.toUpperCase()}</span> <code class="dg-api-path">{page.channel}</code>
      </p>
      {page.description ? <div class="dg-api-description" dangerouslySetInnerHTML={{ __html: renderSpecMarkdown(page.description) }} /> : null}
      {page.servers.length > 0 ? (
        <>
          {heading('servers', 'Servers')}
          <ul class="dg-api-servers">
            {page.servers.map((server) => (
              <li>
                <strong>{server.name}</strong> <code>{server.address}</code>
                {server.protocol ? ` (${server.protocol}${server.protocolVersion ? ` ${server.protocolVersion}` : ''})` : ''}
                {server.description ? <div dangerouslySetInnerHTML={{ __html: renderSpecMarkdown(server.description) }} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {page.parameters.length > 0 ? (
        <>
          {heading('parameters', 'Parameters')}
          <ul class="dg-api-fields">
            {page.parameters.map((parameter) => (
              <li>
                <code>{parameter.name}</code> <span class="dg-api-type">{parameter.schema?.typeLabel ?? 'string'}</span>
                {parameter.description ? <div dangerouslySetInnerHTML={{ __html: renderSpecMarkdown(parameter.description) }} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {page.messages.length > 0 ? heading('messages', page.messages.length === 1 ? 'Message' : 'Messages') : null}
      {page.messages.map((message, index) => (
        <Message message={message} index={index} input={input} />
      ))}
    </section>,
  );
  return { html, toc };
}

function Message(props: { message: AsyncMessageModel; index: number; input: AsyncApiOperationInput }) {
  const { message, input } = props;
  return (
    <div class="dg-api-message">
      <h3 id={`message-${props.index + 1}`}>
        {message.title ?? message.name}
        {message.contentType ? <span class="dg-api-media"> {message.contentType}</span> : null}
      </h3>
      {message.summary ? <p>{message.summary}</p> : null}
      {message.description ? <div dangerouslySetInnerHTML={{ __html: renderSpecMarkdown(message.description) }} /> : null}
      {message.headers ? <Fields title="Headers" schema={message.headers} /> : null}
      {message.payload ? <Fields title="Payload" schema={message.payload} /> : null}
      {message.examples.map((example) => {
        const code = JSON.stringify(example.value, null, 2) ?? 'null';
        const highlighted = input.mode === 'markdown' ? undefined : input.highlight?.(code, 'json');
        return (
          <figure class="dg-api-example">
            <figcaption>{example.summary ?? (example.isGenerated ? 'Example (generated)' : example.name)}</figcaption>
            {highlighted ? <div dangerouslySetInnerHTML={{ __html: highlighted }} /> : <pre><code class="language-json">{code}</code></pre>}
          </figure>
        );
      })}
    </div>
  );
}

function Fields(props: { title: string; schema: SchemaModel }) {
  const properties = props.schema.properties ?? [];
  return (
    <div class="dg-api-schema">
      <h4>
        {props.title} <span class="dg-api-type">{props.schema.typeLabel}</span>
      </h4>
      {properties.length > 0 ? (
        <ul class="dg-api-fields">
          {properties.map((property) => (
            <li>
              <code>{property.name}</code> <span class="dg-api-type">{property.schema.typeLabel}</span>
              {property.isRequired ? <span class="dg-api-required"> required</span> : null}
              {property.schema.description ? <div dangerouslySetInnerHTML={{ __html: renderSpecMarkdown(property.schema.description) }} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
