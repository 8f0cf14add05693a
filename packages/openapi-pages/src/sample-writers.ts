// Writes the request samples (curl, fetch, Python requests, Go net/http) of a request. The
// one generator of docsgen's samples: `generateCodeSamples` uses it on the server, and the
// try-it form uses the very same module in the reader's browser, compiled as it is (the
// renderer serves `dist/sample-writers.js` as `api-samples.js`, which `api-playground.js`
// imports) to write the samples again as the reader types. So this module imports nothing
// and uses nothing that a browser lacks.

/** A request as the samples show it. */
export interface SampleRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** JSON value for JSON bodies, text for others, fields for forms. */
  body: { kind: 'json'; value: unknown } | { kind: 'form' | 'multipart'; fields: [string, string][] } | { kind: 'text'; text: string } | undefined;
}

/** A generated request sample's language, as the try-it form names it. */
export type SampleFormat = 'curl' | 'fetch' | 'python' | 'go';

/** The generated samples in tab order: format, code block language and tab label. */
export const sampleFormats: readonly { format: SampleFormat; lang: string; label: string }[] = [
  { format: 'curl', lang: 'bash', label: 'cURL' },
  { format: 'fetch', lang: 'javascript', label: 'JavaScript' },
  { format: 'python', lang: 'python', label: 'Python' },
  { format: 'go', lang: 'go', label: 'Go' },
];

/** The writer of each format. */
export const sampleWriters: Readonly<Record<SampleFormat, (request: SampleRequest) => string>> = {
  curl: toCurl,
  fetch: toFetch,
  python: toPython,
  go: toGo,
};

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
