/** @jsxRuntime automatic @jsxImportSource preact */
// The try-it form of one operation, in the dialog the method bar's "Try it" button opens. The
// server renders every field as plain HTML; `assets/api-playground.js` opens the dialog, reads
// the data embedded below, writes the samples from the fields, builds the request and sends it. Spec text is untrusted: it only ever reaches the page as escaped
// text or attribute values (Preact escapes both) and as JSON through `serializeJsonForScript`.
import type { ApiPageModel, MediaModel, ServerModel } from '@docsgen/openapi-pages';
import type { SchemaModel } from '@docsgen/openapi-pages';
import { sampleCredentials, type SampleCredentials } from '@docsgen/openapi-pages/sample-credentials';
import { CodeBlock } from '../components/code-block.js';
import { useRenderContext } from '../render-context.js';
import { serializeJsonForScript } from '../serialize-json-for-script.js';
import { choicesOf, Credentials, Field, initialValue, Required, startingValue } from './playground-fields.js';
import { groupCodeSamples } from './code-samples.js';
import type { ExampleKind, PlaygroundSettings } from './types.js';

/** Props of `Playground`. */
export interface PlaygroundProps {
  page: ApiPageModel;
  settings: PlaygroundSettings;
  /** Prefix of generated ids, unique per operation drawn on one page. */
  idPrefix: string;
  /** Kinds of examples the page shows itself instead of the operation's (`ApiOperationInput.pageExamples`; default: none). */
  pageExamples?: readonly ExampleKind[] | undefined;
}

/** A base URL the reader can pick, with the server template behind it when it has variables. */
export interface PlaygroundEnvironment {
  url: string;
  /** Server URL template (`https://{region}.example.com`) when the base URL is a server with variables. */
  template: string | undefined;
  variables: { name: string; default: string; enum: string[] | undefined }[];
}

/** What the client script reads from `<script type="application/json" data-dg-playground-data>`. */
export interface PlaygroundData {
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header'; isRequired: boolean; isArray: boolean }[];
  body: { mediaType: string; kind: PlaygroundBodyKind; fields: { name: string; isFile: boolean; isArray: boolean }[] }[];
  environments: PlaygroundEnvironment[];
  /**
   * Exact origins (`scheme://host:port`) of the documented absolute base URLs and servers: the
   * only ones credentials go to. A relative server URL adds none: it points at the docs site,
   * which never receives credentials (SPEC.md "Authentication").
   */
  origins: string[];
  auth: PlaygroundSettings['auth'];
  proxy: boolean;
  proxyUrl: string;
  /** Requests straight to a documented origin carry the reader's cookies for it (`credentials: 'include'`). */
  credentials: boolean;
  /** Element ids of the operation's dialog, request samples and response examples. */
  parts: ReturnType<typeof playgroundPartIds>;
  /**
   * How to write each request sample again from the form, in the order of their code blocks: a
   * generated sample's language (`curl`, `fetch`, `python`, `go`), or `null` for the spec's own
   * `x-codeSamples`, which stay as written. None when the page's `<RequestExample>` replaces them.
   */
  samples: (SampleFormat | null)[];
  /**
   * Kinds of examples the page shows itself (`<RequestExample>`, `<ResponseExample>`) instead of
   * the operation's: the dialog borrows the page's first block of each kind
   * (`[data-example="request"]`), as it borrows the operation's, and writes nothing into it.
   */
  pageExamples: ExampleKind[];
  /** Credential placeholders the samples show instead of what the reader typed. */
  sampleCredentials: SampleCredentials;
}

/** A generated request sample's language, as the try-it script writes it. */
export type SampleFormat = 'curl' | 'fetch' | 'python' | 'go';

const sampleFormats: Record<string, SampleFormat> = { cURL: 'curl', JavaScript: 'fetch', Python: 'python', Go: 'go' };

/** How a body's editor looks: a JSON or text area, form fields, or one file. */
export type PlaygroundBodyKind = 'json' | 'text' | 'form' | 'multipart' | 'file';

/** Ids of the parts of one operation that the try-it script joins: its dialog, request samples and response examples. */
export function playgroundPartIds(idPrefix: string): { dialog: string; samples: string; responses: string } {
  return { dialog: `${idPrefix}pg-dialog`, samples: `${idPrefix}samples`, responses: `${idPrefix}response-examples` };
}

/**
 * The "Try it" button of the method bar: it opens the operation's try-it dialog. Hidden until
 * `api-playground.js` runs, since only the script can open the dialog.
 */
export function TryItButton(props: { page: ApiPageModel; settings: PlaygroundSettings; idPrefix: string }) {
  const { mode } = useRenderContext();
  if (mode === 'markdown' || props.settings.mode !== 'interactive' || props.page.kind !== 'operation') return null;
  const dialog = playgroundPartIds(props.idPrefix).dialog;
  return (
    <button type="button" class="dg-api-tryit" data-dg-tryit={dialog} aria-haspopup="dialog" aria-controls={dialog} hidden>
      Try it
    </button>
  );
}

/**
 * The try-it form of one operation (`interactive`), a read-only request (`simple`), or nothing
 * (`hide`, and in Markdown twins). The form sits in a modal `<dialog>` that the method bar's
 * "Try it" button opens: a bar with the method, the request URL and Send on top, the inputs on
 * the left, and on the right the operation's request samples and response examples (moved in
 * from the page's side column while it is open) with the response received.
 */
export function Playground(props: PlaygroundProps) {
  const { mode } = useRenderContext();
  const { page, settings } = props;
  if (settings.mode === 'hide' || mode === 'markdown') return null;
  if (settings.mode === 'simple') return <SimplePlayground page={page} />;
  const id = (name: string) => `${props.idPrefix}pg-${name}`;
  const data = playgroundData(page, settings, props.idPrefix, props.pageExamples);
  const parameters = [...page.parameters.path, ...page.parameters.query, ...page.parameters.header];
  const media = page.requestBody?.content ?? [];
  return (
    <dialog class="dg-playground-dialog" id={data.parts.dialog} aria-labelledby={id('title')}>
    <form class="dg-playground" data-dg-playground="" aria-labelledby={id('title')}>
      <div class="dg-playground-bar">
        <h2 class="dg-playground-title" id={id('title')}>
          <span class="dg-sr-only">Try </span>
          <span class="dg-api-method" data-method={page.method.toLowerCase()}>
            {page.method}
          </span>{' '}
          <code class="dg-playground-url" data-dg-playground-url="">
            {(page.baseUrls[0] ?? '').replace(/\/+$/, '') + page.path}
          </code>
        </h2>
        <button type="submit" class="dg-playground-send" disabled>
          Send
        </button>
        <button type="button" class="dg-playground-close" data-dg-playground-close="" aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div class="dg-playground-columns">
      <div class="dg-playground-inputs">
      <p class="dg-playground-nojs" data-dg-playground-nojs="">
        Sending a request needs JavaScript. The request this form describes is shown in the code samples.
      </p>
      {data.environments.length > 1 && (
        <p class="dg-playground-field">
          <label for={id('env')}>Environment</label>
          <select id={id('env')} name="environment" data-dg-playground-env="">
            {data.environments.map((environment, index) => (
              <option value={String(index)} selected={index === 0}>
                {environment.url}
              </option>
            ))}
          </select>
        </p>
      )}
      {data.environments.map((environment, index) =>
        environment.variables.length === 0 ? null : (
          <fieldset class="dg-playground-group" data-dg-playground-variables={String(index)} hidden={index > 0}>
            <legend>Server variables</legend>
            <p class="dg-playground-template">
              <code>{environment.template}</code>
            </p>
            {environment.variables.map((variable) => (
              <Field
                id={id(`v${index}-${variable.name}`)}
                label={variable.name}
                name={`variable.${index}.${variable.name}`}
                value={variable.default}
                choices={variable.enum}
                isRequired
              />
            ))}
          </fieldset>
        ),
      )}
      <Credentials auth={settings.auth} id={id} />
      {(['path', 'query', 'header'] as const).map((location) => {
        const list = parameters.filter((parameter) => parameter.in === location);
        if (list.length === 0) return null;
        return (
          <fieldset class="dg-playground-group">
            <legend>{location === 'path' ? 'Path parameters' : location === 'query' ? 'Query parameters' : 'Headers'}</legend>
            {list.map((parameter, index) => (
              <Field
                id={id(`${location}-${index}`)}
                label={parameter.name}
                name={`${location}.${parameter.name}`}
                {...initialValue(parameter, settings.prefill === true)}
                choices={choicesOf(parameter.schema)}
                isRequired={parameter.isRequired}
                type={parameter.schema?.types.includes('integer') || parameter.schema?.types.includes('number') ? 'number' : undefined}
              />
            ))}
          </fieldset>
        );
      })}
      {page.parameters.cookie.length > 0 && (
        <p class="dg-playground-note">Cookie parameters cannot be set from a web page: browsers send their own cookies only.</p>
      )}
      {media.length > 0 && <BodyEditor media={media} id={id} prefill={settings.prefill === true} />}
      <div class="dg-playground-notice" data-dg-playground-notice="" role="status" hidden></div>
      </div>
      <div class="dg-playground-output">
      <div class="dg-playground-slot" data-dg-playground-slot="samples"></div>
      <section class="dg-playground-response" data-dg-playground-response="" aria-live="polite" aria-labelledby={id('response')} hidden>
        <h3 id={id('response')}>Response</h3>
        <p class="dg-playground-status">
          <span data-dg-playground-status=""></span> <span class="dg-playground-time" data-dg-playground-time=""></span>
        </p>
        <details class="dg-playground-headers">
          <summary>Headers</summary>
          <pre data-dg-playground-headers=""></pre>
        </details>
        <div class="dg-playground-body" data-dg-playground-body=""></div>
      </section>
      <div class="dg-playground-slot" data-dg-playground-slot="responses"></div>
      </div>
      </div>
      <script type="application/json" data-dg-playground-data="" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(data) }} />
    </form>
    </dialog>
  );
}

/** Method, full URL and a copyable curl command, without inputs. */
function SimplePlayground(props: { page: ApiPageModel }) {
  const { page } = props;
  const url = (page.baseUrls[0] ?? '').replace(/\/+$/, '') + page.path;
  const curl = page.codeSamples.find((sample) => sample.lang === 'bash' || /curl/i.test(sample.label))?.source ?? `curl --request ${page.method} '${url.replace(/'/g, `'\\''`)}'`;
  return (
    <div class="dg-playground dg-playground-simple">
      <p class="dg-playground-request">
        <span class="dg-playground-method">{page.method}</span> <code>{url}</code>
      </p>
      <CodeBlock code={curl} language="bash" title="cURL" />
    </div>
  );
}

/** The data the client script needs, as plain JSON. */
export function playgroundData(page: ApiPageModel, settings: PlaygroundSettings, idPrefix: string, pageExamples: readonly ExampleKind[] = []): PlaygroundData {
  const environments = page.baseUrls.map((url) => environmentOf(url, page.servers));
  const documented = [...page.baseUrls, ...page.servers.map((server) => server.url).filter((url): url is string => url !== undefined)];
  const origins = new Set(documented.map(originOf).filter((origin): origin is string => origin !== undefined));
  const parameters = (['path', 'query', 'header'] as const).flatMap((location) =>
    page.parameters[location].map((parameter) => ({
      name: parameter.name,
      in: location,
      isRequired: parameter.isRequired,
      isArray: parameter.schema?.types.includes('array') === true,
    })),
  );
  const body = (page.requestBody?.content ?? []).map((media) => {
    const kind = bodyKind(media);
    return {
      mediaType: media.mediaType,
      kind,
      fields: kind === 'form' || kind === 'multipart' ? formFields(media, false).map((field) => ({ name: field.name, isFile: kind === 'multipart' && field.isFile, isArray: field.isArray })) : [],
    };
  });
  return {
    method: page.method,
    path: page.path,
    parameters,
    body,
    environments,
    origins: [...origins],
    auth: settings.auth,
    proxy: settings.proxy,
    proxyUrl: settings.proxyUrl,
    credentials: settings.credentials === true && !settings.proxy,
    parts: playgroundPartIds(idPrefix),
    samples: pageExamples.includes('request')
      ? []
      : groupCodeSamples(page.codeSamples).flatMap((group) => group.samples.map((sample) => (sample.isGenerated ? (sampleFormats[sample.label] ?? null) : null))),
    pageExamples: [...pageExamples],
    sampleCredentials: sampleCredentials(page),
  };
}

function environmentOf(url: string, servers: ServerModel[]): PlaygroundEnvironment {
  const server = servers.find((candidate) => candidate.url === url && candidate.variables.length > 0);
  if (!server) return { url, template: undefined, variables: [] };
  return {
    url,
    template: server.template,
    variables: server.variables.map((variable) => ({ name: variable.name, default: variable.default, enum: variable.enum })),
  };
}

/** `new URL(url).origin` for absolute http(s) URLs, else `undefined`. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function bodyKind(media: MediaModel): PlaygroundBodyKind {
  const type = media.mediaType.toLowerCase();
  if (/[/+]json\b/.test(type)) return 'json';
  if (type.startsWith('application/x-www-form-urlencoded')) return 'form';
  if (type.startsWith('multipart/')) return 'multipart';
  if (media.schema?.format === 'binary' || type === 'application/octet-stream' || /^(image|audio|video)\//.test(type)) return 'file';
  return 'text';
}

function formFields(media: MediaModel, prefill: boolean): { name: string; value: string; placeholder: string | undefined; isFile: boolean; isArray: boolean; isRequired: boolean; schema: SchemaModel }[] {
  // A generated example only repeats the schema's types (`"string"`): worse than an empty field.
  const example = media.examples.find((item) => !item.isGenerated)?.value;
  const values = typeof example === 'object' && example !== null && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
  return (media.schema?.properties ?? [])
    .filter((property) => !property.schema.isReadOnly)
    .map((property) => {
      const isArray = property.schema.types.includes('array');
      const item = isArray ? property.schema.items : property.schema;
      return {
        name: property.name,
        ...startingValue(values[property.name] ?? property.schema.example?.value, property.schema.default?.value, prefill),
        isFile: item?.format === 'binary' || item?.format === 'base64',
        isArray,
        isRequired: property.isRequired,
        schema: property.schema,
      };
    });
}

function BodyEditor(props: { media: MediaModel[]; id: (name: string) => string; prefill: boolean }) {
  const { media, id, prefill } = props;
  return (
    <fieldset class="dg-playground-group">
      <legend>Body</legend>
      {media.length > 1 && (
        <p class="dg-playground-field">
          <label for={id('media')}>Content type</label>
          <select id={id('media')} name="mediaType" data-dg-playground-media="">
            {media.map((item, index) => (
              <option value={String(index)} selected={index === 0}>
                {item.mediaType}
              </option>
            ))}
          </select>
        </p>
      )}
      {media.map((item, index) => {
        const kind = bodyKind(item);
        return (
          <div class="dg-playground-media" data-dg-playground-body-editor={String(index)} data-kind={kind} hidden={index > 0}>
            {media.length === 1 && <p class="dg-playground-media-type"><code>{item.mediaType}</code></p>}
            {kind === 'json' || kind === 'text' ? (
              <p class="dg-playground-field">
                <label for={id(`body-${index}`)}>{kind === 'json' ? 'JSON' : 'Text'}</label>
                {!prefill && item.examples.length > 0 && (
                  <button type="button" class="dg-playground-use-example" data-dg-playground-example={id(`body-${index}`)}>
                    Use the example
                  </button>
                )}
                <textarea
                  id={id(`body-${index}`)}
                  name={`body.${index}`}
                  rows={10}
                  spellcheck={false}
                  class="dg-playground-editor"
                  value={prefill ? bodyText(item, kind) : ''}
                  placeholder={prefill ? undefined : bodyText(item, kind) || undefined}
                />
              </p>
            ) : kind === 'file' ? (
              <p class="dg-playground-field">
                <label for={id(`body-${index}`)}>File</label>
                <input id={id(`body-${index}`)} type="file" name={`body.${index}`} />
              </p>
            ) : (
              formFields(item, prefill).map((field, fieldIndex) =>
                kind === 'multipart' && field.isFile ? (
                  <p class="dg-playground-field">
                    <label for={id(`body-${index}-${fieldIndex}`)}>
                      {field.name}
                      {field.isRequired && <Required />}
                    </label>
                    <input id={id(`body-${index}-${fieldIndex}`)} type="file" name={`body.${index}.${field.name}`} multiple={field.isArray} required={field.isRequired} />
                  </p>
                ) : (
                  <Field
                    id={id(`body-${index}-${fieldIndex}`)}
                    label={field.name}
                    name={`body.${index}.${field.name}`}
                    value={field.value}
                    placeholder={field.placeholder}
                    choices={choicesOf(field.schema)}
                    isRequired={field.isRequired}
                  />
                ),
              )
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

function bodyText(media: MediaModel, kind: 'json' | 'text'): string {
  const example = media.examples[0];
  if (!example) return kind === 'json' ? '{}' : '';
  if (kind === 'text' && typeof example.value === 'string') return example.value;
  return JSON.stringify(example.value, null, 2) ?? '';
}
