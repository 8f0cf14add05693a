/** @jsxRuntime automatic @jsxImportSource preact */
import type { ApiPageModel } from '@docsgen/openapi-pages';
import { safeUrl } from '@docsgen/util/safe-url';
import { renderToString } from 'preact-render-to-string';
import { collectContentFacts, recordApiUse, type ContentFacts } from '../content-facts.js';
import type { LayoutTocEntry } from '../layout/types.js';
import { RenderContext, useRenderContext } from '../render-context.js';
import { SideContent } from '../components/frame.js';
import { Icon } from '../components/icon.js';
import { useUiStrings } from '../i18n/use-ui-strings.js';
import { CodeSamples } from './code-samples.js';
import { AuthSection, headingList, ParametersSection, planHeadings, RequestBodySection, ResponseExamples, ResponsesSection } from './operation-sections.js';
import { Playground, playgroundPartIds, TryItButton } from './playground.js';
import { ParameterPills, SchemaExpanded, SchemaInsertions } from './schema-cache.js';
import { SpecMarkdown } from './schema-text.js';
import type { ApiOperationInput, ExampleKind, PlaygroundSettings } from './types.js';

const noPills: readonly string[] = [];
const noExamples: readonly ExampleKind[] = [];
/** The headings of an operation drawn without its generated sections (`shouldDrawSections: false`). */
const noSections: ReturnType<typeof planHeadings> = { locations: {} };

/** Prefix of generated ids when `idPrefix` is not given. */
const defaultIdPrefix = 'dg-api-';

/** `ApiOperation` props: the input of `renderApiOperation`, plus how heading ids stay unique on the page. */
export interface ApiOperationProps extends ApiOperationInput {
  /** Prefix of every section heading's id, for operations drawn inside another page (default: none). */
  headingPrefix?: string | null | undefined;
  /** Ids the page already uses (headings of `proseHtml`): a section heading with one of them gets `idPrefix` (default: none). */
  takenIds?: ReadonlySet<string> | null | undefined;
}

/** `{id}` segments of a path template, marked for styling. */
function PathTemplate(props: { path: string }) {
  return (
    <>
      {props.path.split(/(\{[^}]*\})/).map((part) =>
        part.startsWith('{') && part.endsWith('}') ? <span class="dg-api-path-param">{part}</span> : part,
      )}
    </>
  );
}

/** The servers of an operation when there are several: URL and description of each. */
function ServerList(props: { page: ApiPageModel }) {
  const { page } = props;
  return (
    <div class="dg-api-servers">
      <p class="dg-api-option-label">Servers</p>
      <ul>
        {page.baseUrls.map((url) => {
          const server = page.servers.find((candidate) => candidate.url === url);
          return (
            <li>
              <code>{url}</code>
              {server && <SpecMarkdown text={server.description} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** `playground: simple`: the endpoint's URL to copy, as the platform's "copyable endpoint" (the client script copies it). */
function CopyEndpointButton(props: { url: string }) {
  const strings = useUiStrings();
  return (
    <button type="button" class="dg-api-copy" data-copy={props.url}>
      <Icon icon="copy" library="lucide" class="dg-code-copy-icon" />
      <span class="dg-code-copy-text">{strings.copy}</span>
    </button>
  );
}

/** Method badge, base URL and path (webhooks: their name), the deprecated badge and the "Try it" button (or, `simple`, a copy button). */
function Endpoint(props: { page: ApiPageModel; isMarkdown: boolean; settings: PlaygroundSettings; idPrefix: string }) {
  const { page } = props;
  const isWebhook = page.kind === 'webhook';
  const base = isWebhook ? undefined : page.baseUrls[0]?.replace(/\/+$/, '');
  // The bar shows the base URL with `api.url: "full"`, or when there are several to choose from
  // (the list below names them); the Markdown twin always writes the whole URL.
  const shownBase = props.settings.isFullUrlShown === true || page.baseUrls.length > 1 ? base : undefined;
  if (props.isMarkdown) {
    return (
      <>
        <p>
          <code>
            {page.method} {base ?? ''}
            {page.path}
          </code>
          {isWebhook && ' (webhook)'}
          {page.isDeprecated && ' (deprecated)'}
        </p>
        {!isWebhook && page.baseUrls.length > 1 && <ServerList page={page} />}
      </>
    );
  }
  return (
    <div class="dg-api-header">
      <div class="dg-api-endpoint">
        <span class="dg-api-method" data-method={page.method.toLowerCase()}>
          {page.method}
        </span>
        <code class="dg-api-path">
          {shownBase !== undefined && <span class="dg-api-base">{shownBase}</span>}
          <PathTemplate path={page.path} />
        </code>
        {isWebhook && <span class="dg-api-kind">webhook</span>}
        {page.isDeprecated && (
          <span class="dg-field-badge" data-badge="deprecated">
            deprecated
          </span>
        )}
        <TryItButton page={page} settings={props.settings} idPrefix={props.idPrefix} />
        {props.settings.mode === 'simple' && !isWebhook && <CopyEndpointButton url={`${base ?? ''}${page.path}`} />}
      </div>
      {!isWebhook && page.baseUrls.length > 1 && <ServerList page={page} />}
    </div>
  );
}

/** Whether some response has an example to show in the side column. */
function hasResponseExamples(page: ApiPageModel): boolean {
  return page.responses.some((response) => response.content.some((media) => media.examples.length > 0));
}

/** `externalDocs`: a link, when its URL passes `safeUrl`, and its description. */
function ExternalDocs(props: { page: ApiPageModel }) {
  const link = props.page.externalDocs;
  const url = safeUrl(link?.url);
  if (!link || url === undefined) return null;
  return (
    <div class="dg-api-external-docs">
      <p>
        <a href={url}>External documentation</a>
      </p>
      <SpecMarkdown text={link.description} />
    </div>
  );
}

/**
 * One operation's reference as a Preact element: the method bar (with the "Try it" button),
 * the description and the page's own prose, then the Authorization, Parameters, Request body
 * and Responses sections; request samples and response examples go to the side column, and
 * the try-it form (`Playground`) into a dialog the button opens. Spec Markdown is rendered
 * with `renderSpecMarkdown` (sanitised). Markdown mode (`mode`, else the render context's):
 * plain HTML, without the try-it form, tabs or buttons.
 */
export function ApiOperation(props: ApiOperationProps) {
  const context = useRenderContext();
  const isMarkdown = (props.mode ?? context.mode) === 'markdown';
  const { page } = props;
  const idPrefix = props.idPrefix ?? undefined;
  const headings = props.shouldDrawSections === false ? noSections : planHeadings(page, props.headingPrefix ?? undefined, props.takenIds ?? new Set(), idPrefix ?? defaultIdPrefix);
  const highlight = isMarkdown ? undefined : props.highlight;
  const parts = playgroundPartIds(idPrefix ?? defaultIdPrefix);
  // The page's own `<RequestExample>`/`<ResponseExample>` are the examples of that kind: the
  // generated ones would stack a second panel beside them (the platform shows the page's).
  const pageExamples = props.pageExamples ?? noExamples;
  const showsSamples = page.codeSamples.length > 0 && !pageExamples.includes('request');
  const showsResponseExamples = hasResponseExamples(page) && !pageExamples.includes('response');
  recordApiUse();
  const body = (
    <ParameterPills.Provider value={props.parameterPills ?? noPills}>
    <SchemaExpanded.Provider value={props.expandParameters === true}>
    <SchemaInsertions.Provider value={{ next: 0, prefix: idPrefix ?? defaultIdPrefix, schemaFile: props.schemaFile ?? context.apiReference?.schemaFileOf?.(page.spec) }}>
    <section class="dg-api" data-dg-api="" data-method={page.method.toLowerCase()} data-kind={page.kind}>
      <Endpoint page={page} isMarkdown={isMarkdown} settings={props.playground} idPrefix={idPrefix ?? defaultIdPrefix} />
      <SpecMarkdown text={page.description} />
      {typeof props.proseHtml === 'string' && props.proseHtml !== '' && (
        // Trusted: the project's own MDX page, rendered by the site.
        <div class="dg-api-prose" dangerouslySetInnerHTML={{ __html: props.proseHtml }} />
      )}
      <ExternalDocs page={page} />
      {/* `simple`: the request to copy, unless the side column already shows it. */}
      {!isMarkdown && page.kind === 'operation' && props.playground.mode === 'simple' && !showsSamples && (
        <div class="dg-api-try">
          <Playground page={page} settings={props.playground} idPrefix={idPrefix ?? defaultIdPrefix} />
        </div>
      )}
      {isMarkdown
        ? showsSamples && (
            <div class="dg-api-samples">
              <p>
                <strong>Request examples</strong>
              </p>
              <CodeSamples samples={page.codeSamples} highlight={highlight} />
            </div>
          )
        : (showsSamples || showsResponseExamples) && (
            // The right-hand column on wide screens (sticky, as `<RequestExample>` is), below the
            // reference on narrow ones; the try-it dialog borrows both blocks while it is open.
            <SideContent>
              <div class="dg-api-side">
                {showsSamples && (
                  <div class="dg-api-samples" id={parts.samples}>
                    <p class="dg-example-label">Request example</p>
                    <CodeSamples samples={page.codeSamples} highlight={highlight} />
                  </div>
                )}
                {showsResponseExamples && <ResponseExamples page={page} id={parts.responses} highlight={highlight} />}
              </div>
            </SideContent>
          )}
      {headings.authorization && <AuthSection page={page} heading={headings.authorization} />}
      {headings.parameters && <ParametersSection page={page} headings={headings} />}
      {page.requestBody && headings.requestBody && <RequestBodySection body={page.requestBody} heading={headings.requestBody} highlight={highlight} />}
      {headings.responses && <ResponsesSection page={page} heading={headings.responses} highlight={highlight} hasExamples={isMarkdown && !pageExamples.includes('response')} />}
      {!isMarkdown && page.kind === 'operation' && props.playground.mode === 'interactive' && (
        <div class="dg-api-try">
          <Playground page={page} settings={props.playground} idPrefix={idPrefix ?? defaultIdPrefix} pageExamples={pageExamples} />
        </div>
      )}
    </section>
    </SchemaInsertions.Provider>
    </SchemaExpanded.Provider>
    </ParameterPills.Provider>
  );
  // The mode chosen by the props reaches the components inside (tabs, code blocks, fields).
  if (props.mode == null || props.mode === context.mode) return body;
  return <RenderContext.Provider value={{ ...context, mode: props.mode }}>{body}</RenderContext.Provider>;
}

/** Ids of the elements of trusted HTML (`id="…"` attributes). */
function idsOf(html: string | null | undefined): Set<string> {
  const ids = new Set<string>();
  if (typeof html !== 'string') return ids;
  for (const match of html.matchAll(/\sid="([^"]*)"/g)) ids.add(match[1]!);
  return ids;
}

/**
 * One operation's reference as HTML, with its table-of-contents entries (`<h2>` sections and
 * the `<h3>` of each parameter location). Heading ids are `authorization`, `parameters`,
 * `path-parameters`, `request-body`, `responses`, … (prefixed with `idPrefix` only when
 * `proseHtml` already uses the id); other generated ids start with `idPrefix` (default:
 * `'dg-api-'`).
 */
export function renderApiOperation(input: ApiOperationInput): { html: string; toc: LayoutTocEntry[]; facts: ContentFacts } {
  const takenIds = idsOf(input.proseHtml);
  const mode = input.mode === 'markdown' ? 'markdown' : 'html';
  const { html, facts } = collectContentFacts(
    () =>
      renderToString(
        <RenderContext.Provider value={{ mode, idPrefix: input.idPrefix ?? defaultIdPrefix }}>
          <ApiOperation {...input} mode={mode} takenIds={takenIds} />
        </RenderContext.Provider>,
      ),
    { moveSideContent: input.moveSideContent },
  );
  const headings = input.shouldDrawSections === false ? noSections : planHeadings(input.page, undefined, takenIds, input.idPrefix ?? defaultIdPrefix);
  return { html, toc: headingList(headings).map((heading) => ({ depth: heading.depth, id: heading.id, text: heading.text })), facts };
}
