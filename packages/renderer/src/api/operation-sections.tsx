/** @jsxRuntime automatic @jsxImportSource preact */
import type { ApiPageModel, MediaModel, ParameterModel, SecuritySchemeModel } from '@docsgen/openapi-pages';
import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { CodeGroupContext } from '../components/code-block.js';
import { TabSet } from '../components/tab-set.js';
import { recordDrawnHeading } from '../content-facts.js';
import { useRenderContext } from '../render-context.js';
import { Examples, type Highlight } from './code-samples.js';
import { ParameterPills } from './schema-cache.js';
import { FieldList, SchemaView, type FieldInput, type FieldKind } from './schema-fields.js';
import { SpecMarkdown } from './schema-text.js';

/** A heading of the operation view: its rank, id and text, as the table of contents lists it. */
export interface SectionHeading {
  depth: 2 | 3;
  id: string;
  text: string;
}

const locations = ['path', 'query', 'header', 'cookie'] as const;
type Location = (typeof locations)[number];

/** The headings an operation shows, by section; absent sections have none. */
export interface OperationHeadings {
  authorization?: SectionHeading | undefined;
  parameters?: SectionHeading | undefined;
  locations: Partial<Record<Location, SectionHeading>>;
  requestBody?: SectionHeading | undefined;
  responses?: SectionHeading | undefined;
}

/**
 * The headings of one operation with their ids: `parameters`, `path-parameters`, … after
 * `prefix`, and after `fallbackPrefix` too when that id is in `taken`.
 */
export function planHeadings(page: ApiPageModel, prefix: string | undefined, taken: ReadonlySet<string>, fallbackPrefix: string): OperationHeadings {
  const make = (text: string, depth: 2 | 3): SectionHeading => {
    const base = (prefix ?? '') + text.toLowerCase().replace(/ /g, '-');
    const id = taken.has(base) ? fallbackPrefix + base : base;
    return { depth, id, text };
  };
  const headings: OperationHeadings = { locations: {} };
  if (page.security.length > 0) headings.authorization = make('Authorization', 2);
  const present = locations.filter((location) => page.parameters[location].length > 0);
  if (present.length > 0) {
    headings.parameters = make('Parameters', 2);
    for (const location of present) headings.locations[location] = make(`${capitalize(location)} parameters`, 3);
  }
  if (page.requestBody) headings.requestBody = make('Request body', 2);
  if (page.responses.length > 0) headings.responses = make('Responses', 2);
  return headings;
}

/** The headings in page order, for the table of contents. */
export function headingList(headings: OperationHeadings): SectionHeading[] {
  const list: SectionHeading[] = [];
  if (headings.authorization) list.push(headings.authorization);
  if (headings.parameters) list.push(headings.parameters);
  for (const location of locations) {
    const heading = headings.locations[location];
    if (heading) list.push(heading);
  }
  if (headings.requestBody) list.push(headings.requestBody);
  if (headings.responses) list.push(headings.responses);
  return list;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `<h2>`/`<h3>` with its id and, in html mode, the self-link the page's own headings have. */
export function Heading(props: { heading: SectionHeading }) {
  const { mode } = useRenderContext();
  const { depth, id, text } = props.heading;
  const Tag = depth === 2 ? 'h2' : 'h3';
  recordDrawnHeading(props.heading);
  if (mode === 'markdown') return <Tag id={id}>{text}</Tag>;
  return (
    <Tag id={id} class="dg-api-heading">
      {text}
      <a class="dg-heading-anchor" href={`#${id}`} aria-label="Link to this section">
        <span aria-hidden="true">#</span>
      </a>
    </Tag>
  );
}

/**
 * Alternatives shown one at a time: tabs that switch without JavaScript (`TabSet`); in
 * markdown mode each one under a heading of `level`.
 */
function Switch(props: { items: { label: string; content: ComponentChildren }[]; level: 3 | 4; class: string }) {
  const { mode } = useRenderContext();
  if (mode === 'markdown') {
    const Tag = props.level === 3 ? 'h3' : 'h4';
    return (
      <>
        {props.items.map((item) => (
          <>
            <Tag>{item.label}</Tag>
            {item.content}
          </>
        ))}
      </>
    );
  }
  return (
    <div class={props.class}>
      <TabSet items={props.items} defaultIndex={0} sync={false} kind="tabs" />
    </div>
  );
}

function schemeType(scheme: SecuritySchemeModel): string {
  switch (scheme.type) {
    case 'http':
      return scheme.scheme === 'bearer' ? `HTTP bearer${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}` : `HTTP ${scheme.scheme ?? ''}`.trim();
    case 'apiKey':
      return `API key in ${scheme.in ?? 'header'}${scheme.parameterName ? ` ${scheme.parameterName}` : ''}`;
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    case 'mutualTLS':
      return 'mutual TLS';
    default:
      return 'undefined scheme';
  }
}

function schemeField(scheme: SecuritySchemeModel): FieldInput {
  return {
    name: scheme.name,
    schema: undefined,
    type: schemeType(scheme),
    isRequired: false,
    isDeprecated: false,
    description: scheme.description,
    extra: scheme.scopes.length > 0 && (
      <p class="dg-api-fact">
        Scopes:{' '}
        {scheme.scopes.map((scope, index) => (
          <>
            {index > 0 && ', '}
            <code>{scope}</code>
          </>
        ))}
      </p>
    ),
  };
}

/** Security requirements: each alternative with its schemes, types and scopes. */
export function AuthSection(props: { page: ApiPageModel; heading: SectionHeading }) {
  const requirements = props.page.security;
  const isChoice = requirements.length > 1;
  return (
    <section class="dg-api-section dg-api-auth" aria-labelledby={props.heading.id}>
      <Heading heading={props.heading} />
      {isChoice && <p>Any one of:</p>}
      {requirements.map((requirement, index) => (
        <div class="dg-api-auth-option">
          {isChoice && <p class="dg-api-option-label">Option {index + 1}</p>}
          {requirement.schemes.length === 0 ? (
            <p class="dg-api-fact">No authentication.</p>
          ) : (
            <FieldList fields={requirement.schemes.map(schemeField)} kind="param" />
          )}
        </div>
      ))}
    </section>
  );
}

/** A parameter (or header) as a field of `FieldList`. */
export function parameterField(parameter: ParameterModel, pillKeys: readonly string[] = []): FieldInput {
  const pills = pillKeys.flatMap((key) => {
    const text = parameter.extensions?.[key];
    return text === undefined ? [] : [{ key, text }];
  });
  return {
    ...(pills.length > 0 ? { pills } : {}),
    name: parameter.name,
    schema: parameter.schema,
    isRequired: parameter.isRequired,
    isDeprecated: parameter.isDeprecated,
    description: parameter.description,
    location: parameter.in,
    example: parameter.example,
  };
}

/** Parameters by location, each location under its `<h3>`. */
export function ParametersSection(props: { page: ApiPageModel; headings: OperationHeadings }) {
  const { page, headings } = props;
  const pillKeys = useContext(ParameterPills);
  return (
    <section class="dg-api-section dg-api-parameters" aria-labelledby={headings.parameters?.id}>
      {headings.parameters && <Heading heading={headings.parameters} />}
      {locations.map((location) => {
        const heading = headings.locations[location];
        return (
          heading && (
            <div class="dg-api-location" data-location={location}>
              <Heading heading={heading} />
              <FieldList fields={page.parameters[location].map((parameter) => parameterField(parameter, pillKeys))} kind="param" />
            </div>
          )
        );
      })}
    </section>
  );
}

/** One media type: its schema and (unless they are in the side column) its examples. */
function Media(props: { media: MediaModel; highlight: Highlight; kind: FieldKind; hasExamples: boolean }) {
  const { media } = props;
  return (
    <div class="dg-api-media" data-media-type={media.mediaType}>
      {media.schema && <SchemaView schema={media.schema} kind={props.kind} />}
      {props.hasExamples && media.examples.length > 0 && <Examples examples={media.examples} mediaType={media.mediaType} highlight={props.highlight} />}
    </div>
  );
}

/**
 * Media types of a body: a switch when there are several; one is named above (`isNamed`)
 * unless a header row names it already.
 */
function Contents(props: { content: MediaModel[]; highlight: Highlight; level: 3 | 4; kind: FieldKind; isNamed: boolean; hasExamples: boolean }) {
  const { content } = props;
  if (content.length === 0) return null;
  if (content.length === 1) {
    const media = content[0]!;
    return (
      <>
        {props.isNamed && (
          <p class="dg-api-media-type">
            <code>{media.mediaType}</code>
          </p>
        )}
        <Media media={media} highlight={props.highlight} kind={props.kind} hasExamples={props.hasExamples} />
      </>
    );
  }
  return (
    <Switch
      class="dg-api-media-switch"
      level={props.level}
      items={content.map((media) => ({ label: media.mediaType, content: <Media media={media} highlight={props.highlight} kind={props.kind} hasExamples={props.hasExamples} /> }))}
    />
  );
}

/** The name a body's schema goes by: its component's name, its title, else its type (`object`). */
function schemaName(media: MediaModel | undefined): string | undefined {
  const schema = media?.schema;
  if (!schema) return undefined;
  return schema.refName ?? schema.title ?? (schema.typeLabel || undefined);
}

/**
 * The request body: one header row ("Body · application/json · required · `Book`"), its
 * description and each media type. Markdown mode keeps a sentence per fact.
 */
export function RequestBodySection(props: { body: NonNullable<ApiPageModel['requestBody']>; heading: SectionHeading; highlight: Highlight }) {
  const { mode } = useRenderContext();
  const { body } = props;
  if (mode === 'markdown') {
    return (
      <section class="dg-api-section dg-api-request-body" aria-labelledby={props.heading.id}>
        <Heading heading={props.heading} />
        {body.isRequired && (
          <p class="dg-api-fact">
            <span class="dg-field-badge" data-badge="required">
              required
            </span>
          </p>
        )}
        <SpecMarkdown text={body.description} />
        <Contents content={body.content} highlight={props.highlight} level={3} kind="param" isNamed hasExamples />
      </section>
    );
  }
  const single = body.content.length === 1 ? body.content[0] : undefined;
  const name = schemaName(single);
  const facts: ComponentChildren[] = [];
  if (single) facts.push(<code class="dg-api-body-media">{single.mediaType}</code>);
  if (body.isRequired) {
    facts.push(
      <span class="dg-field-badge" data-badge="required">
        required
      </span>,
    );
  }
  if (name !== undefined) facts.push(<span class="dg-field-type dg-api-body-schema">{name}</span>);
  return (
    <section class="dg-api-section dg-api-request-body" aria-labelledby={props.heading.id} data-has-head={single ? '' : undefined}>
      <Heading heading={props.heading} />
      <p class="dg-api-body-head">
        <span class="dg-api-body-label">Body</span>
        {facts.map((fact) => (
          <>
            <span class="dg-api-body-sep" aria-hidden="true">
              {' · '}
            </span>
            {fact}
          </>
        ))}
      </p>
      <SpecMarkdown text={body.description} />
      <Contents content={body.content} highlight={props.highlight} level={3} kind="param" isNamed={false} hasExamples />
    </section>
  );
}

/**
 * The side column's response examples: one tab per status that has an example (the first
 * media type with examples), coloured like the Responses section's tabs. Nothing when no
 * response has an example.
 */
export function ResponseExamples(props: { page: ApiPageModel; id: string; highlight: Highlight }) {
  const items = props.page.responses.flatMap((response) => {
    const media = response.content.find((item) => item.examples.length > 0);
    if (!media) return [];
    // In the group the code has no title bar: a lone example's summary is a caption above it.
    const lone = media.examples.length === 1 ? media.examples[0]!.summary : undefined;
    return [
      {
        label: response.status,
        content: (
          <>
            {lone && <p class="dg-api-example-summary">{lone}</p>}
            <Examples examples={media.examples} mediaType={media.mediaType} highlight={props.highlight} />
          </>
        ),
      },
    ];
  });
  if (items.length === 0) return null;
  return (
    <div class="dg-api-response-examples" id={props.id}>
      <p class="dg-example-label">Response example</p>
      {/* Drawn like the request example: a code group, one tab per status, not synced by label. */}
      <div class="dg-api-status-switch">
        <CodeGroupContext.Provider value={true}>
          <TabSet items={items} defaultIndex={0} sync={false} kind="code" />
        </CodeGroupContext.Provider>
      </div>
    </div>
  );
}

/**
 * Responses by status, switchable; each with its description, headers and schemas. Their
 * examples are in the side column (`ResponseExamples`); Markdown mode keeps them here
 * (`hasExamples`, unless the page's own `<ResponseExample>` replaces them).
 */
export function ResponsesSection(props: { page: ApiPageModel; heading: SectionHeading; highlight: Highlight; hasExamples: boolean }) {
  const { mode } = useRenderContext();
  return (
    <section class="dg-api-section dg-api-responses" aria-labelledby={props.heading.id}>
      <Heading heading={props.heading} />
      <Switch
        class="dg-api-status-switch"
        level={3}
        items={props.page.responses.map((response) => ({
          label: response.status,
          content: (
            <div class="dg-api-response" data-status={response.status}>
              <SpecMarkdown text={response.description} />
              {response.headers.length > 0 && (
                <div class="dg-api-response-headers">
                  {mode === 'markdown' ? (
                    <p>
                      <strong>Headers</strong>
                    </p>
                  ) : (
                    <p class="dg-api-option-label">Headers</p>
                  )}
                  <FieldList fields={response.headers.map((header) => parameterField(header))} kind="response" />
                </div>
              )}
              <Contents content={response.content} highlight={props.highlight} level={4} kind="response" isNamed hasExamples={props.hasExamples} />
            </div>
          ),
        }))}
      />
    </section>
  );
}
