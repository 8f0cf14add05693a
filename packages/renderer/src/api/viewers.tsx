/** @jsxRuntime automatic @jsxImportSource preact */
import { safeUrl } from '@docsgen/util/safe-url';
import { recordApiViewer } from '../content-facts.js';
import { parseText } from '../props.js';
import { useRenderContext } from '../render-context.js';
import { MissingOperation, readOperationTarget } from './operation-target.js';
import { serializeJsonForScript } from '../serialize-json-for-script.js';
import type { ApiReferenceContext } from './types.js';

/** The embeddable viewers: `viewer-a` (Redoc), `viewer-b` (Scalar API Reference), `viewer-c` (Stoplight Elements). */
export type ViewerName = keyof ApiReferenceContext['viewerBundles'];

export interface OpenApiViewerProps {
  /** Spec as written in docs.json: a project-relative path or a URL (default: the site's only spec). */
  spec?: string;
  /** HTTP method, any case, or `WEBHOOK` (required). */
  method?: string;
  /** Path template as in the spec, such as `/users/{id}`, or a webhook's name (required). */
  path?: string;
}

const viewerTitles: Record<ViewerName, string> = {
  'viewer-a': 'Redoc',
  'viewer-b': 'Scalar API Reference',
  'viewer-c': 'Stoplight Elements',
};

/**
 * One operation of the site's specs in a third-party viewer. Html mode: a `.dg-viewer` box
 * with `data-dg-viewer` and a JSON script holding a one-operation OpenAPI document and the
 * viewer's bundle URLs; `api-viewers.js` loads the bundle when the box nears the viewport and
 * mounts the viewer (a failed load leaves a message in the box). Markdown mode: the method,
 * path and summary, with a link to the spec when it is a URL. While the spec loads it draws an
 * empty marker; for an operation the site does not have, a notice and `openapi-viewer-missing`.
 */
function OpenApiViewer(props: OpenApiViewerProps & { viewer: ViewerName }) {
  const context = useRenderContext();
  const target = readOperationTarget(props);
  const { spec, method, path, label } = target;
  const isMarkdown = context.mode === 'markdown';
  const api = context.apiReference;
  const document = api && method !== '' && path !== '' ? api.operationDocument(spec, method, path) : undefined;

  // No `data-dg-viewer` in the marker: the site links api-viewers.js on pages whose HTML has it.
  if (document === 'loading') return <div class="dg-viewer-loading" data-dg-loading="viewer" />;
  if (document === undefined) {
    const reason = api
      ? `Cannot find the operation \`${label}\` in ${spec === undefined ? "the site's API spec" : `\`${spec}\``} for \`<${componentNames[props.viewer]}>\``
      : `Cannot show the operation \`${label}\` in \`<${componentNames[props.viewer]}>\`: the site has no API spec (docs.json \`api.openapi\`)`;
    return <MissingOperation context={context} target={target} problem={{ ruleId: 'openapi-viewer-missing', reason }} class="dg-viewer-missing" />;
  }

  const operation = findOperation(document, method, path);
  const summary = parseText(operation?.summary)?.trim();
  if (isMarkdown) {
    // A project file is not published with the site: only a spec given by URL is linked.
    const specUrl = spec !== undefined && /^https?:\/\//i.test(spec) ? safeUrl(spec, { protocols: ['http', 'https'] }) : undefined;
    return (
      <p>
        <strong>{method}</strong> <code>{path}</code>
        {summary ? `: ${summary}` : ''}
        {specUrl ? (
          <>
            {' '}
            (<a href={specUrl}>OpenAPI spec</a>)
          </>
        ) : spec ? (
          <>
            {' '}
            (from <code>{spec}</code>)
          </>
        ) : null}
      </p>
    );
  }

  const bundle = api!.viewerBundles[props.viewer];
  const data = { viewer: props.viewer, document, bundle };
  recordApiViewer(props.viewer);
  return (
    <div class="dg-viewer" data-dg-viewer={props.viewer} role="region" aria-label={`${label} (${viewerTitles[props.viewer]})`}>
      <script type="application/json" data-dg-viewer-data="" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(data) }} />
      <p class="dg-viewer-status" aria-live="polite">
        Loading {viewerTitles[props.viewer]} for <code>{label}</code>…
      </p>
      <noscript>
        <p class="dg-viewer-status">
          {viewerTitles[props.viewer]} needs JavaScript to show <code>{label}</code>.
        </p>
      </noscript>
    </div>
  );
}

const componentNames: Record<ViewerName, string> = {
  'viewer-a': 'OpenApiViewerA',
  'viewer-b': 'OpenApiViewerB',
  'viewer-c': 'OpenApiViewerC',
};

/** The operation object in a one-operation document (for its summary). */
function findOperation(document: Record<string, unknown>, method: string, path: string): Record<string, unknown> | undefined {
  const container = (method === 'WEBHOOK' ? document.webhooks : document.paths) as Record<string, Record<string, unknown>> | undefined;
  const item = container && Object.hasOwn(container, path) ? container[path] : undefined;
  if (!item) return undefined;
  const key = method === 'WEBHOOK' ? Object.keys(item).find((name) => /^(get|put|post|delete|options|head|patch|trace)$/.test(name)) : method.toLowerCase();
  const operation = key && Object.hasOwn(item, key) ? item[key] : undefined;
  return typeof operation === 'object' && operation !== null ? (operation as Record<string, unknown>) : undefined;
}

/** `<OpenApiViewerA spec method path>`: one operation in Redoc (no try-it). */
export function OpenApiViewerA(props: OpenApiViewerProps) {
  return <OpenApiViewer {...props} viewer="viewer-a" />;
}

/** `<OpenApiViewerB spec method path>`: one operation in Scalar API Reference (with its own try-it). */
export function OpenApiViewerB(props: OpenApiViewerProps) {
  return <OpenApiViewer {...props} viewer="viewer-b" />;
}

/** `<OpenApiViewerC spec method path>`: one operation in Stoplight Elements (try-it hidden). */
export function OpenApiViewerC(props: OpenApiViewerProps) {
  return <OpenApiViewer {...props} viewer="viewer-c" />;
}
