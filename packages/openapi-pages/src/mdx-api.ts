// Hand-written API pages (frontmatter `api`), apart from the spec tooling: a site with such
// pages and no spec loads only these and the request sample writers.
export { buildMdxApiPage } from './mdx-api-page.js';
export type { BuildMdxApiPageInput, MdxParamField } from './mdx-api-page.js';
export { parseMdxEndpoint, templateVariables } from './mdx-endpoint.js';
export type { MdxEndpoint, MdxEndpointProblem, MdxEndpointResult } from './mdx-endpoint.js';
