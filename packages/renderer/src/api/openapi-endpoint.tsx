/** @jsxRuntime automatic @jsxImportSource preact */
import type { ApiPageModel } from '@docsgen/openapi-pages';
import { safeUrl } from '@docsgen/util/safe-url';
import { parseList, parseText } from '../props.js';
import { useRenderContext } from '../render-context.js';
import { slugify } from '../slug.js';
import { MissingOperation, readOperationTarget } from './operation-target.js';
import { ApiOperation } from './operation.js';
import type { PlaygroundSettings } from './types.js';

export interface OpenApiEndpointProps {
  /** Spec as written in docs.json: a project-relative path or a URL (default: the site's only spec). */
  spec?: string;
  /** HTTP method, any case (required). */
  method?: string;
  /** Path template as in the spec, such as `/users/{id}` (required). */
  path?: string;
  /** Base URL(s) of requests, replacing the spec's servers and `api.baseUrl`: a URL, or a JSON array of URLs (default: the page's). */
  baseUrl?: string | string[];
  /** Credentials the try-it form asks for: `bearer`, `basic`, `key` or `none` (default: docs.json `api.auth.method`). */
  authMethod?: string;
  /** Header name of `key` credentials (default: docs.json `api.auth.name`). */
  authName?: string;
}

/** The page with other base URLs; generated request samples follow the first one. */
function withBaseUrls(page: ApiPageModel, baseUrls: string[]): ApiPageModel {
  const before = page.baseUrls[0]?.replace(/\/+$/, '');
  const after = baseUrls[0]!.replace(/\/+$/, '');
  const codeSamples = page.codeSamples.map((sample) =>
    sample.isGenerated && before ? { ...sample, source: sample.source.split(before).join(after) } : sample,
  );
  return { ...page, baseUrls, codeSamples };
}

const authMethods = ['bearer', 'basic', 'key', 'none'] as const;

function readAuthMethod(value: unknown): PlaygroundSettings['auth']['method'] | undefined {
  const text = parseText(value)?.trim().toLowerCase();
  return authMethods.find((method) => method === text);
}

/**
 * `<OpenApiEndpoint spec method path>`: one operation of the site's specs, drawn like a
 * generated API page (`ApiOperation`), inside any page. Reads the specs from the render
 * context's `apiReference`. While the spec loads (`'loading'`) it draws only an empty marker
 * (the site renders the page again); without API data, or for an operation the spec does not
 * have, it draws a notice and reports `openapi-endpoint-missing`.
 */
export function OpenApiEndpoint(props: OpenApiEndpointProps) {
  const context = useRenderContext();
  const target = readOperationTarget(props);
  const { spec, method, path, label } = target;
  const found = context.apiReference && method !== '' && path !== '' ? context.apiReference.findOperation(spec, method, path) : undefined;

  if (found === 'loading') return <div class="dg-api-loading" data-dg-api-loading="" />;
  if (found === undefined) {
    const reason = context.apiReference
      ? `Cannot find the operation \`${label}\` in ${spec === undefined ? 'the site\'s API spec' : `\`${spec}\``}`
      : `Cannot draw the operation \`${label}\`: the site has no API spec (docs.json \`api.openapi\`)`;
    return <MissingOperation context={context} target={target} problem={{ ruleId: 'openapi-endpoint-missing', reason }} class="dg-api-missing" />;
  }

  const baseUrls = parseList(props.baseUrl)
    .map((url) => safeUrl(url, { protocols: ['http', 'https'] }))
    .filter((url): url is string => url !== undefined);
  const page = baseUrls.length > 0 ? withBaseUrls(found, baseUrls) : found;
  const site = context.apiReference!.playground;
  const authMethod = readAuthMethod(props.authMethod);
  const authName = parseText(props.authName);
  const settings: PlaygroundSettings =
    authMethod === undefined && authName === undefined
      ? site
      : { ...site, auth: { method: authMethod ?? site.auth.method, name: authName ?? site.auth.name } };
  // Stable, readable ids (`get-users-id-parameters`) that stay apart from the page's own
  // headings and from other endpoints drawn on the same page.
  // The same operation twice on one page gets `…-2-` ids the second time.
  const readable = `${method.toLowerCase()}-${slugify(path.replace(/[{}/]+/g, ' ')).replace(/-+/g, '-').replace(/^-|-$/g, '')}-`;
  const key = context.apiReference!.claimIdPrefix?.(readable) ?? readable;
  return (
    <ApiOperation
      page={page}
      playground={settings}
      expandParameters={context.apiReference!.expandParameters === true}
      parameterPills={context.apiReference!.parameterPills}
      highlight={context.apiReference!.highlight}
      idPrefix={`${context.idPrefix}api-${key}`}
      headingPrefix={key}
    />
  );
}
