import type { ApiPageModel } from './page-model.js';

/** Credentials placeholders a request sample carries. */
export interface SampleCredentials {
  /** Header name and placeholder value, in order (`['Authorization', 'Bearer <token>']`). */
  headers: [string, string][];
  /** Query parameter name and placeholder value (API keys sent in the query). */
  query: [string, string][];
}

/**
 * The placeholders of the first security requirement, as the request samples show them
 * (`Bearer <token>`, `<api-key>`): the try-it form's live samples start from the same ones, so
 * a sample never shows the credentials a reader typed.
 */
export function sampleCredentials(operation: Pick<ApiPageModel, 'security'>): SampleCredentials {
  const headers: [string, string][] = [];
  const query: [string, string][] = [];
  for (const item of operation.security[0]?.schemes ?? []) {
    if (item.type === 'http' && item.scheme === 'basic') headers.push(['Authorization', 'Basic <credentials>']);
    else if (item.type === 'http' || item.type === 'oauth2' || item.type === 'openIdConnect') headers.push(['Authorization', 'Bearer <token>']);
    else if (item.type === 'apiKey' && item.parameterName) {
      if (item.in === 'query') query.push([item.parameterName, '<api-key>']);
      else if (item.in === 'cookie') headers.push(['Cookie', `${item.parameterName}=<api-key>`]);
      else headers.push([item.parameterName, '<api-key>']);
    }
  }
  return { headers, query };
}
