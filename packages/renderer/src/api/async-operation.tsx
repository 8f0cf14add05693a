import type { AsyncApiPageModel, AsyncMessageModel } from '@docsgen/openapi-pages';
import { renderToString } from 'preact-render-to-string';
import { collectContentFacts, type ContentFacts } from '../content-facts.js';
import type { LayoutTocEntry } from '../layout/types.js';
import { RenderContext } from '../render-context.js';
import { Examples } from './code-samples.js';
import { Heading, parameterField, type SectionHeading } from './operation-sections.js';
import { SchemaInsertions } from './schema-cache.js';
import { FieldList, SchemaView } from './schema-fields.js';
import { SpecMarkdown } from './schema-text.js';

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
 * and header fields and examples, drawn with the same fields, schemas and examples as OpenAPI
 * operations (`ApiOperation`). Spec text is untrusted: Markdown goes through
 * `renderSpecMarkdown`, everything else is escaped by Preact.
 */
export function renderAsyncApiOperation(input: AsyncApiOperationInput): { html: string; toc: LayoutTocEntry[]; facts: ContentFacts } {
  const { page } = input;
  const mode = input.mode === 'markdown' ? 'markdown' : 'html';
  const section = (id: string, text: string): SectionHeading => ({ depth: 2, id, text });
  const headings = {
    servers: page.servers.length > 0 ? section('servers', 'Servers') : undefined,
    parameters: page.parameters.length > 0 ? section('parameters', 'Parameters') : undefined,
    messages: page.messages.length > 0 ? section('messages', page.messages.length === 1 ? 'Message' : 'Messages') : undefined,
  };
  const { html, facts } = collectContentFacts(() => renderToString(
    <RenderContext.Provider value={{ mode, idPrefix: 'dg-api-' }}>
      <SchemaInsertions.Provider value={{ next: 0, prefix: 'dg-api-' }}>
        <section class="dg-api dg-api-async" data-dg-api="" data-action={page.action}>
          <p class="dg-api-endpoint">
            <span class={`dg-api-method dg-api-method-${page.action.toLowerCase()}`}>{page.action.toUpperCase()}</span> <code class="dg-api-path">{page.channel}</code>
          </p>
          <SpecMarkdown text={page.description} />
          {headings.servers && (
            <>
              <Heading heading={headings.servers} />
              <ul class="dg-api-servers">
                {page.servers.map((server) => (
                  <li>
                    <strong>{server.name}</strong> <code>{server.address}</code>
                    {server.protocol ? ` (${server.protocol}${server.protocolVersion ? ` ${server.protocolVersion}` : ''})` : ''}
                    <SpecMarkdown text={server.description} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {headings.parameters && (
            <>
              <Heading heading={headings.parameters} />
              <FieldList fields={page.parameters.map((parameter) => parameterField(parameter))} kind="param" />
            </>
          )}
          {headings.messages && <Heading heading={headings.messages} />}
          {page.messages.map((message, index) => (
            <Message message={message} index={index} highlight={input.highlight} />
          ))}
        </section>
      </SchemaInsertions.Provider>
    </RenderContext.Provider>,
  ));
  facts.usesApi = true;
  return { html, toc: Object.values(headings).filter((heading) => heading !== undefined), facts };
}

function Message(props: { message: AsyncMessageModel; index: number; highlight: AsyncApiOperationInput['highlight'] }) {
  const { message } = props;
  return (
    <div class="dg-api-message">
      <h3 id={`message-${props.index + 1}`}>
        {message.title ?? message.name}
        {message.contentType ? <span class="dg-api-media"> {message.contentType}</span> : null}
      </h3>
      {message.summary ? <p>{message.summary}</p> : null}
      <SpecMarkdown text={message.description} />
      {message.headers && (
        <>
          <h4>Headers</h4>
          <SchemaView schema={message.headers} kind="response" />
        </>
      )}
      {message.payload && (
        <>
          <h4>Payload</h4>
          <SchemaView schema={message.payload} kind="response" />
        </>
      )}
      {message.examples.length > 0 && <Examples examples={message.examples} mediaType={message.contentType ?? 'application/json'} highlight={props.highlight} />}
    </div>
  );
}
