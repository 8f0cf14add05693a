import { generateExample } from './example.js';
import { sampleCredentials } from './sample-credentials.js';
import type { ApiPageModel, CodeSampleModel, MediaModel } from './page-model.js';
import { sampleFormats, sampleWriters, type SampleRequest } from './sample-writers.js';

type SampleInput = Pick<ApiPageModel, 'method' | 'path' | 'baseUrls' | 'parameters' | 'requestBody' | 'security'>;

/** Options of `generateCodeSamples`. */
export interface CodeSampleOptions {
  /**
   * `all` shows optional query and header parameters and body properties too; `required`
   * only the required ones (docs.json `api.examples.defaults`; default: `'all'`).
   */
  parameters?: 'all' | 'required' | null | undefined;
}

/**
 * Request samples for one operation in curl, JavaScript (fetch), Python (requests) and Go:
 * the first base URL, path parameters filled with their examples (else left as `{name}`),
 * query and header parameters (optional ones too, unless `parameters` is `required`) with
 * their examples, the credentials of the first security requirement as placeholders, and an
 * example body of the first media type: the spec's own example, else one made from the
 * schema (with only its required properties when `parameters` is `required`).
 */
export function generateCodeSamples(operation: SampleInput, options?: CodeSampleOptions | null): CodeSampleModel[] {
  const request = describeRequest(operation, options?.parameters === 'required');
  return sampleFormats.map(({ format, lang, label }) => ({ lang, label, language: label, variant: undefined, source: sampleWriters[format](request), isGenerated: true }));
}

function describeRequest(operation: SampleInput, requiredOnly: boolean): SampleRequest {
  const base = (operation.baseUrls[0] ?? '').replace(/\/+$/, '');
  let path = operation.path;
  for (const parameter of operation.parameters.path) {
    const value = parameter.example?.value ?? parameter.schema?.example?.value;
    if (value !== undefined && value !== null && typeof value !== 'object') {
      path = path.split(`{${parameter.name}}`).join(encodeURIComponent(String(value)));
    }
  }
  const query = new URLSearchParams();
  for (const parameter of operation.parameters.query) {
    if (requiredOnly && !parameter.isRequired) continue;
    query.append(parameter.name, scalar(parameter.example?.value ?? (parameter.schema ? generateExample(parameter.schema, 'request') : ''), parameter.name));
  }
  const credentials = sampleCredentials(operation);
  for (const [name, value] of credentials.query) query.append(name, value);
  const headers: [string, string][] = [...credentials.headers];
  for (const parameter of operation.parameters.header) {
    if (requiredOnly && !parameter.isRequired) continue;
    headers.push([parameter.name, scalar(parameter.example?.value ?? (parameter.schema ? generateExample(parameter.schema, 'request') : ''), parameter.name)]);
  }
  const media = operation.requestBody?.content[0];
  let body: SampleRequest['body'];
  if (media) {
    headers.push(['Content-Type', media.mediaType]);
    body = describeBody(media, requiredOnly);
  }
  const search = query.toString();
  return { method: operation.method, url: base + path + (search ? `?${search}` : ''), headers, body };
}

function describeBody(media: MediaModel, requiredOnly: boolean): SampleRequest['body'] {
  // The spec's own example as written; a made-up one follows `requiredOnly`.
  const given = media.examples.find((example) => !example.isGenerated);
  const value = given ? given.value : media.schema ? generateExample(media.schema, 'request', { requiredOnly }) : undefined;
  if (/json/i.test(media.mediaType)) return { kind: 'json', value: value ?? {} };
  if (/x-www-form-urlencoded|multipart\/form-data/i.test(media.mediaType)) {
    const fields: [string, string][] =
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.entries(value).map(([key, item]) => [key, scalar(item, key)])
        : [];
    return { kind: media.mediaType.includes('multipart') ? 'multipart' : 'form', fields };
  }
  return { kind: 'text', text: typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value) };
}

function scalar(value: unknown, name: string): string {
  if (value === undefined || value === null || value === '') return `<${name}>`;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
