import type { ApiPageModel } from '@docsgen/openapi-pages';

/** How the try-it form behaves: docs.json `api.playground` and `api.auth`, or a component's props. */
export interface PlaygroundSettings {
  /** `interactive` (the form), `simple` (a read-only request with a copyable curl) or `hide` (nothing). */
  mode: 'interactive' | 'simple' | 'hide';
  /** Send requests through the site's CORS proxy at `proxyUrl` instead of straight to the API. */
  proxy: boolean;
  /** Path of the site's proxy route (`/_docsgen/proxy`). */
  proxyUrl: string;
  /** Credentials the reader fills in: `bearer`, `basic`, `key` (header `name`) or `none`. */
  auth: { method: 'bearer' | 'basic' | 'key' | 'none'; name: string | undefined };
  /** Send the reader's cookies for the API with requests that do not go through the proxy (docs.json `api.playground.credentials`; default: `false`). */
  credentials?: boolean | undefined;
  /** Fill the form with the spec's example values; otherwise they are only placeholders (docs.json `api.examples.prefill`; default: `false`). */
  prefill?: boolean | undefined;
  /**
   * Show the base URL on the method bar of every operation (docs.json `api.url: "full"`);
   * otherwise only when the operation has several to choose from, as on the platform (default: `false`).
   */
  isFullUrlShown?: boolean | undefined;
}

/** Where an embeddable viewer's browser bundle comes from: the project's `node_modules` (served by the site) or a pinned CDN URL. */
export interface ViewerBundle {
  scripts: string[];
  styles: string[];
  /** `local` when served from the project's installed package, `cdn` otherwise. */
  source: 'local' | 'cdn';
  /** Subresource Integrity (`sha384-…`) by URL, for the pinned CDN files (default: none). */
  integrity?: Record<string, string> | undefined;
}

/** The API reference data a page's components read, given by the site through `RenderContext`. */
export interface ApiReferenceContext {
  /**
   * The page model of one operation; `spec` as written in the component (project-relative path
   * or URL; `undefined`: the site's only spec). `'loading'` when the spec is not loaded yet: the
   * site loads it and renders the page again. `undefined` when there is no such operation.
   */
  findOperation(spec: string | undefined, method: string, path: string): ApiPageModel | 'loading' | undefined;
  /**
   * A self-contained OpenAPI document with only this operation (and what it refers to), for the
   * embeddable viewers; same `'loading'`/`undefined` rules as `findOperation`.
   */
  operationDocument(spec: string | undefined, method: string, path: string): Record<string, unknown> | 'loading' | undefined;
  /** The site's try-it settings (docs.json `api`); components may override `auth`. */
  playground: PlaygroundSettings;
  /** Open every nested parameter list when the page loads (docs.json `api.params.expanded: "all"`; default: collapsed). */
  expandParameters?: boolean | undefined;
  /** Extension keys (`x-…`) whose values parameters show as pills (docs.json `api.params.post`; default: none). */
  parameterPills?: readonly string[] | undefined;
  /**
   * A prefix of ids no other operation on the page has: `key` the first time, then `key2-`,
   * `key3-`… (one context per page render). Without it, `key` as it is.
   */
  claimIdPrefix?: ((key: string) => string) | undefined;
  /** Highlighted HTML (`<pre class="shiki">…`) of a code sample, or `undefined` to render it plain. */
  highlight?: ((code: string, lang: string) => string | undefined) | undefined;
  /** Browser bundles of the embeddable viewers, by viewer (`viewer-a`, `viewer-b`, `viewer-c`). */
  viewerBundles: Record<'viewer-a' | 'viewer-b' | 'viewer-c', ViewerBundle>;
  /**
   * Name of the schema file of a spec (`ApiPageModel.spec`) under the asset prefix, which readers
   * fetch nested fields from (`renderSchemaFile`); `undefined`: nested fields are drawn into the
   * page to a bounded depth instead (default: none).
   */
  schemaFileOf?: ((spec: string) => string | undefined) | undefined;
}

/** What `renderApiOperation` draws: one operation's reference. */
export interface ApiOperationInput {
  page: ApiPageModel;
  /** Trusted HTML of a hand-written page bound to the operation (frontmatter `openapi`), placed after the description (default: none). */
  proseHtml?: string | null | undefined;
  /** Try-it settings; `auth` may differ from the site's (a component's `authMethod`/`authName`). */
  playground: PlaygroundSettings;
  /** `markdown`: plain HTML for the Markdown twin (no form, no scripts) (default: `html`). */
  mode?: 'html' | 'markdown' | null | undefined;
  /** Highlighted HTML of a code sample, or `undefined` to render it plain (default: plain). */
  highlight?: ((code: string, lang: string) => string | undefined) | null | undefined;
  /** Prefix of generated ids, unique per operation drawn on one page (default: `'dg-api-'`). */
  idPrefix?: string | null | undefined;
  /** Open every nested parameter list when the page loads (default: collapsed). */
  expandParameters?: boolean | null | undefined;
  /** Extension keys (`x-…`) whose values parameters show as pills, in this order (default: none). */
  parameterPills?: readonly string[] | null | undefined;
  /**
   * Name of the spec's schema file under the asset prefix (`api-schemas-<hash>.json`, made with
   * `renderSchemaFile`): the page draws the top level of fields and readers open deeper levels
   * from the file. Without it, nested fields are drawn to a bounded depth (default: none).
   */
  schemaFile?: string | null | undefined;
  /**
   * Take the request and response examples out of the HTML into `facts.sideBlocks`, for a page
   * whose side content goes to the right-hand column (default: `false`: they stay in place).
   */
  moveSideContent?: boolean | null | undefined;
  /**
   * The kinds of examples the page bound to the operation shows itself, with `<RequestExample>`
   * (`request`) and `<ResponseExample>` (`response`) (`ContentFacts.exampleKinds` of its
   * prose): they replace the operation's request samples and response examples, in the web
   * page, the Markdown mode and the try-it dialog, which shows the page's own instead
   * (default: none).
   */
  pageExamples?: readonly ExampleKind[] | null | undefined;
  /**
   * Draw the Authorization, Parameters, Request body and Responses sections from the model;
   * `false` for a hand-written API page (frontmatter `api`), whose own `<ParamField>`s and
   * `<ResponseField>`s in `proseHtml` document them (default: `true`).
   */
  shouldDrawSections?: boolean | null | undefined;
}

/** A kind of example block: the request samples or the response examples. */
export type ExampleKind = 'request' | 'response';
