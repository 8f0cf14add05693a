import type { SourceLocation } from '@docsgen/config';
import type { SchemaModel } from './schema-model.js';

/** A server an operation can be sent to. */
export interface ServerModel {
  /** URL template as written (`https://{region}.example.com`); text, not a link. */
  template: string;
  /** The template with each variable's default, when it passes `safeUrl`; else `undefined`. */
  url: string | undefined;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  variables: { name: string; default: string; enum: string[] | undefined; description: string }[];
}

/** One security scheme of a requirement, with the scopes it asks for. */
export interface SecuritySchemeModel {
  /** Key of the scheme in `components.securitySchemes` (`securityDefinitions` in Swagger 2.0). */
  name: string;
  /** `http`, `apiKey`, `oauth2`, `openIdConnect`, `mutualTLS`, or `unknown` when the scheme is not defined. */
  type: string;
  /** For `http`: `bearer`, `basic`, … (lower case). */
  scheme: string | undefined;
  bearerFormat: string | undefined;
  /** For `apiKey`: `header`, `query` or `cookie`. */
  in: string | undefined;
  /** For `apiKey`: the header, query or cookie name. */
  parameterName: string | undefined;
  scopes: string[];
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
}

/** One way to authenticate: every scheme listed must be satisfied; an empty list means "no auth". */
export interface SecurityRequirementModel {
  schemes: SecuritySchemeModel[];
}

/** A named example of a request or response body. */
export interface ExampleModel {
  /** Key in `examples`, `example` for a single `example`, `generated` when built from the schema. */
  name: string;
  summary: string | undefined;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  value: unknown;
  /** `externalValue` when it passes `safeUrl` (never fetched). */
  externalUrl?: string | undefined;
  isGenerated: boolean;
}

/** A body in one media type. */
export interface MediaModel {
  mediaType: string;
  schema: SchemaModel | undefined;
  examples: ExampleModel[];
}

/** A parameter (or a response header). */
export interface ParameterModel {
  name: string;
  /** `path`, `query`, `header` or `cookie`; `header` for response headers. */
  in: string;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  isRequired: boolean;
  isDeprecated: boolean;
  schema: SchemaModel | undefined;
  example?: { value: unknown } | undefined;
  style?: string | undefined;
  explode?: boolean | undefined;
  /**
   * The parameter's extension keys (`x-…`) with a plain value (a string, number or boolean, or
   * a list of them), as text; absent when it has none. Untrusted: render as text.
   */
  extensions?: Record<string, string> | undefined;
}

/** A response for one status code (or `default`, or a range such as `4XX`). */
export interface ResponseModel {
  status: string;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  headers: ParameterModel[];
  content: MediaModel[];
}

/**
 * A code sample, generated or from `x-codeSamples`. Text, to be escaped by the renderer. Samples
 * of one `lang` are variants of one language: a reader picks the language, then the variant.
 */
export interface CodeSampleModel {
  /** Language key, for highlighting and for telling languages apart (`bash`, `javascript`, `python`, `go`; the spec's `lang` with its aliases read: `curl` is `bash`). */
  lang: string;
  /** What the sample is called on its own: the language, with the variant when there is one (`cURL`, `Python · Self-Hosted`, or a spec label that names its language, `Ruby SDK`). */
  label: string;
  /** Display name of the language (`cURL`, `Python`, `Node.js`, …; a `lang` docsgen does not know, as written). */
  language: string;
  /** The spec's `label` when it names a variant of the language (`Self-Hosted`), not the language itself; `undefined` otherwise. */
  variant: string | undefined;
  source: string;
  isGenerated: boolean;
}

/** A link out of the spec, checked with `safeUrl`. */
export interface LinkModel {
  url: string;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
}

/** One generated API reference page: an operation, a webhook or an AsyncAPI operation. */
export interface ApiPageModel {
  kind: 'operation' | 'webhook';
  /** Site path without a leading slash: `api-reference/users/get-user`. */
  slug: string;
  /** Sidebar label and page title (`labelOperation`): text, not escaped. */
  title: string;
  /** Spec file relative to the project root (`openapi.yaml`). */
  spec: string;
  /**
   * The set of the spec's pages this page is in, when docs.json gives the spec several
   * directories (`BuildApiPagesOptions.instance`, `openapi.yaml#python`): what the operation
   * lookup keys the page by instead of `spec`. Absent for a spec's only (or first) set.
   */
  specInstance?: string | undefined;
  /** Upper-case method (`GET`). */
  method: string;
  /** Path template (`/users/{id}`), or the webhook's name. */
  path: string;
  operationId: string | undefined;
  summary: string | undefined;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  /** Tag of the navigation group, `undefined` for the untagged group. */
  tag: string | undefined;
  /** `x-hidden`: the page exists but is not listed in the navigation. */
  isHidden: boolean;
  isDeprecated: boolean;
  servers: ServerModel[];
  /** Base URLs for requests: `api.baseUrl` when given, else the servers' URLs. */
  baseUrls: string[];
  /** Alternatives: any one of them is enough; one with no schemes means anonymous access is accepted. Empty when the operation needs no auth. */
  security: SecurityRequirementModel[];
  parameters: { path: ParameterModel[]; query: ParameterModel[]; header: ParameterModel[]; cookie: ParameterModel[] };
  requestBody: { description: string; isRequired: boolean; content: MediaModel[] } | undefined;
  responses: ResponseModel[];
  codeSamples: CodeSampleModel[];
  externalDocs: LinkModel | undefined;
  /** Where the operation is written (found when first read: nothing docsgen renders needs it). */
  position: SourceLocation | undefined;
  /**
   * `x-mint.metadata` of the operation, the hosted platform's page overrides: `title`,
   * `sidebarTitle` and `description` as plain text (other keys are not used) (default: `{}`).
   */
  overrides?: { title?: string | undefined; sidebarTitle?: string | undefined; description?: string | undefined } | undefined;
  /** `x-mint.content`: Markdown shown before the reference (untrusted: render with `renderSpecMarkdown`) (default: `''`). */
  content?: string | undefined;
}

/** A navigation group of generated pages. */
export interface ApiGroupModel {
  /** Tag name (its `x-displayName` when set), or `Endpoints` / `Webhooks` for untagged pages. */
  title: string;
  tag: string | undefined;
  /** Markdown of the tag's description (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  /** Slugs of the listed pages in spec order (`x-hidden` pages left out). */
  pages: string[];
}

/** What the spec says about itself, for an overview page. */
export interface ApiInfoModel {
  title: string;
  version: string;
  /** Markdown (untrusted: render with `renderSpecMarkdown`). */
  description: string;
  termsOfService: string | undefined;
  contact: { name: string | undefined; email: string | undefined; url: string | undefined } | undefined;
  license: { name: string | undefined; url: string | undefined } | undefined;
  externalDocs: LinkModel | undefined;
}
