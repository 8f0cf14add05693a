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
  return sampleFormats.map(({ format, lang, label }) => ({ lang, label, source: sampleWriters[format](request), isGenerated: true }));
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

/** A POSIX shell single-quoted string. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function toCurl(request: SampleRequest): string {
  const lines = [`curl --request ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) {
    if (request.body?.kind === 'multipart' && name === 'Content-Type') continue;
    lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  }
  const body = request.body;
  if (body?.kind === 'json') lines.push(`--data ${shellQuote(JSON.stringify(body.value, null, 2))}`);
  else if (body?.kind === 'form') for (const [key, value] of body.fields) lines.push(`--data-urlencode ${shellQuote(`${key}=${value}`)}`);
  else if (body?.kind === 'multipart') for (const [key, value] of body.fields) lines.push(`--form ${shellQuote(`${key}=${value}`)}`);
  else if (body?.kind === 'text') lines.push(`--data ${shellQuote(body.text)}`);
  return lines.join(' \\\n  ');
}

function toFetch(request: SampleRequest): string {
  const options: string[] = [`  method: ${JSON.stringify(request.method)},`];
  const headers = request.headers.filter(([name]) => !(request.body?.kind === 'multipart' && name === 'Content-Type'));
  if (headers.length > 0) {
    options.push('  headers: {');
    for (const [name, value] of headers) options.push(`    ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
    options.push('  },');
  }
  const body = request.body;
  let prelude = '';
  if (body?.kind === 'json') options.push(`  body: JSON.stringify(${indent(JSON.stringify(body.value, null, 2), '  ')}),`);
  else if (body?.kind === 'form') options.push(`  body: new URLSearchParams(${JSON.stringify(Object.fromEntries(body.fields))}),`);
  else if (body?.kind === 'multipart') {
    prelude = 'const form = new FormData();\n' + body.fields.map(([key, value]) => `form.append(${JSON.stringify(key)}, ${JSON.stringify(value)});\n`).join('') + '\n';
    options.push('  body: form,');
  } else if (body?.kind === 'text') options.push(`  body: ${JSON.stringify(body.text)},`);
  return `${prelude}const response = await fetch(${JSON.stringify(request.url)}, {\n${options.join('\n')}\n});\n\nconsole.log(await response.json());`;
}

function toPython(request: SampleRequest): string {
  const lines = ['import requests', '', `url = ${pythonValue(request.url)}`];
  const args = ['url'];
  const headers = request.headers.filter(([name]) => !(request.body?.kind === 'multipart' && name === 'Content-Type'));
  if (headers.length > 0) {
    lines.push('headers = {', ...headers.map(([name, value]) => `    ${pythonValue(name)}: ${pythonValue(value)},`), '}');
    args.push('headers=headers');
  }
  const body = request.body;
  if (body?.kind === 'json') {
    lines.push(`payload = ${pythonValue(body.value, '')}`);
    args.push('json=payload');
  } else if (body?.kind === 'form' || body?.kind === 'multipart') {
    lines.push(`payload = ${pythonValue(Object.fromEntries(body.fields), '')}`);
    args.push(body.kind === 'form' ? 'data=payload' : 'files={key: (None, value) for key, value in payload.items()}');
  } else if (body?.kind === 'text') {
    lines.push(`payload = ${pythonValue(body.text)}`);
    args.push('data=payload');
  }
  lines.push('', `response = requests.request(${pythonValue(request.method)}, ${args.join(', ')})`, 'print(response.text)');
  return lines.join('\n');
}

function toGo(request: SampleRequest): string {
  const body = request.body;
  let payload = 'nil';
  const imports = ['"fmt"', '"io"', '"net/http"'];
  if (body) {
    const text =
      body.kind === 'json'
        ? JSON.stringify(body.value, null, 2)
        : body.kind === 'text'
          ? body.text
          : new URLSearchParams(body.fields).toString();
    imports.push('"strings"');
    payload = `strings.NewReader(${goString(text)})`;
  }
  const headers = request.headers.map(([name, value]) => {
    const actual = body?.kind === 'multipart' && name === 'Content-Type' ? 'application/x-www-form-urlencoded' : value;
    return `\treq.Header.Set(${goString(name)}, ${goString(actual)})`;
  });
  return [
    'package main',
    '',
    `import (\n${imports.sort().map((item) => `\t${item}`).join('\n')}\n)`,
    '',
    'func main() {',
    `\treq, err := http.NewRequest(${goString(request.method)}, ${goString(request.url)}, ${payload})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    ...headers,
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(string(body))',
    '}',
  ].join('\n');
}

/** A Go string literal: a raw string for multi-line text when possible, else an interpreted one. */
function goString(value: string): string {
  return value.includes('\n') && !value.includes('`') && !/[\r\u0000]/.test(value) ? '`' + value + '`' : JSON.stringify(value);
}

/** A Python literal for JSON data (`True`, `None`, …). */
function pythonValue(value: unknown, indentation?: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = (indentation ?? '') + '    ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + pythonValue(item, inner)).join(',\n')}\n${indentation ?? ''}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonValue(item, inner)}`).join(',\n')}\n${indentation ?? ''}}`;
}

function indent(text: string, prefix: string): string {
  return text.split('\n').join('\n' + prefix);
}
