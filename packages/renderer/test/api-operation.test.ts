import { fileURLToPath } from 'node:url';
import { buildOpenApiPages, loadSpec, type ApiPageModel } from '@docsgen/openapi-pages';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderApiOperation, type PlaygroundSettings } from '../src/index.js';
import { playgroundPages } from './playground-spec.js';

const test = suite('renderApiOperation');

const specs = fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/', import.meta.url));
const ownSpecs = fileURLToPath(new URL('fixtures/api-operation/', import.meta.url));
const playground: PlaygroundSettings = { mode: 'interactive', proxy: false, proxyUrl: '/_docsgen/proxy', auth: { method: 'bearer', name: undefined } };

async function pagesOf(folder: string, file: string): Promise<ApiPageModel[]> {
  const spec = await loadSpec(folder, file);
  return buildOpenApiPages(spec).pages;
}

async function pageOf(folder: string, file: string, method: string, path: string): Promise<ApiPageModel> {
  const page = (await pagesOf(folder, file)).find((candidate) => candidate.method === method && candidate.path === path);
  if (!page) throw new Error(`No ${method} ${path} in ${file}`);
  return page;
}

/** The opening tag of the field named `name` and the rest of its head (name, type, default, badges). */
function fieldHead(html: string, name: string): string {
  const match = new RegExp(`<div class="dg-field-head"><code class="dg-field-name">${name.replace(/[[\]]/g, '\\$&')}</code>(.*?)</div>`).exec(html);
  if (!match) throw new Error(`No field ${name}`);
  return match[1]!;
}

function ids(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!);
}

test('should draw the endpoint header with method, base URL and path, and list the sections in the toc', async () => {
  const page = await pageOf(`${specs}tiny`, 'openapi.yaml', 'POST', '/users');
  const { html, toc } = renderApiOperation({ page, playground });
  assert.match(html, /^<section class="dg-api" data-dg-api data-method="post" data-kind="operation">/);
  assert.match(html, '<span class="dg-api-method" data-method="post">POST</span><code class="dg-api-path"><span class="dg-api-base">https://api.example.com/v1</span>/users</code>');
  assert.equal(toc, [
    { depth: 2, id: 'authorization', text: 'Authorization' },
    { depth: 2, id: 'request-body', text: 'Request body' },
    { depth: 2, id: 'responses', text: 'Responses' },
  ]);
  for (const entry of toc) assert.match(html, `<h2 id="${entry.id}" class="dg-api-heading">${entry.text}<a class="dg-heading-anchor" href="#${entry.id}"`);
});

test('should list every server when there are several', async () => {
  const page = await pageOf(`${specs}tiny`, 'openapi.yaml', 'GET', '/users');
  const { html } = renderApiOperation({ page, playground });
  assert.match(html, /<div class="dg-api-servers">.*<code>https:\/\/api\.example\.com\/v1<\/code><div class="dg-api-markdown"><p>Production<\/p><\/div><\/li><li><code>https:\/\/eu\.example\.com\/v1<\/code>/);
});

test('should draw schema fields with the ParamField classes: type, format, required, default, enum, nullable, read/write-only', async () => {
  const page = await pageOf(`${specs}tiny`, 'openapi.yaml', 'POST', '/users');
  const { html } = renderApiOperation({ page, playground });
  assert.match(html, '<div class="dg-field dg-api-field" data-field="param" id="body-name"><div class="dg-field-head"><code class="dg-field-name">name</code>');
  assert.is(fieldHead(html, 'name'), '<span class="dg-field-type">string</span><span class="dg-field-badge" data-badge="required">required</span>');
  assert.is(fieldHead(html, 'email'), '<span class="dg-field-type">string&lt;email></span><span class="dg-field-badge" data-badge="required">required</span>');
  assert.is(fieldHead(html, 'id'), '<span class="dg-field-type">string&lt;uuid></span><span class="dg-field-badge" data-badge="read-only">read-only</span>');
  assert.is(fieldHead(html, 'password'), '<span class="dg-field-type">string</span><span class="dg-field-badge" data-badge="write-only">write-only</span>');
  assert.is(fieldHead(html, 'role'), '<span class="dg-field-type">string</span><span class="dg-field-default">default: <code>member</code></span>');
  assert.match(html, '<p class="dg-api-fact">Allowed values: <code>admin</code>, <code>member</code></p>');
  assert.is(fieldHead(html, 'nickname'), '<span class="dg-field-type">string | null</span>');
  assert.match(html, '<p class="dg-api-media-type"><code>application/json</code></p>');
});

test('should group parameters by location under their own headings, in path, query, header, cookie order', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  const { html, toc } = renderApiOperation({ page, playground });
  assert.equal(
    toc.map((entry) => `${entry.depth} ${entry.id}`),
    ['2 authorization', '2 parameters', '3 path-parameters', '3 query-parameters', '3 header-parameters', '3 cookie-parameters', '2 request-body', '2 responses'],
  );
  const order = ['accountId', 'dryRun', 'X-Trace', 'session'].map((name) => html.indexOf(`<code class="dg-field-name">${name}</code>`));
  assert.equal([...order].sort((a, b) => a - b), order);
  assert.ok(order.every((index) => index > 0));
  assert.match(html, '<div class="dg-field dg-api-field" data-field="param" data-location="cookie" id="parameter-session"><div class="dg-field-head"><code class="dg-field-name">session</code>');
  assert.is(fieldHead(html, 'accountId'), '<span class="dg-field-type">string</span><span class="dg-field-badge" data-badge="required">required</span>');
  assert.is(
    fieldHead(html, 'dryRun'),
    '<span class="dg-field-type">boolean</span><span class="dg-field-default">default: <code>false</code></span><span class="dg-field-badge" data-badge="deprecated">deprecated</span>',
  );
});

test('should show query constraints and the format of integers', async () => {
  const page = await pageOf(`${specs}tiny`, 'openapi.yaml', 'GET', '/users');
  const { html } = renderApiOperation({ page, playground });
  assert.is(fieldHead(html, 'limit'), '<span class="dg-field-type">integer&lt;int32></span><span class="dg-field-default">default: <code>20</code></span>');
  assert.match(html, '<p class="dg-api-fact">Constraints: <code>≥ 1</code>, <code>≤ 100</code></p>');
  assert.match(html, '<p class="dg-api-schema-type"><span class="dg-field-type">array of User</span></p>');
});

test('should describe each security alternative with its type and scopes', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  const { html } = renderApiOperation({ page, playground });
  const auth = /<section class="dg-api-section dg-api-auth".*?<\/section>/s.exec(html)?.[0] ?? '';
  assert.match(auth, '<p>Any one of:</p>');
  assert.is(fieldHead(auth, 'oauth'), '<span class="dg-field-type">OAuth 2.0</span>');
  assert.match(auth, '<p class="dg-api-fact">Scopes: <code>notes:write</code>, <code>notes:read</code></p>');
  assert.is(fieldHead(auth, 'apiKey'), '<span class="dg-field-type">API key in header X-Api-Key</span>');
});

test('should say when anonymous access is one of the alternatives', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'PUT', '/accounts/{accountId}/notes/{noteId}');
  const auth = /<section class="dg-api-section dg-api-auth".*?<\/section>/s.exec(renderApiOperation({ page, playground }).html)?.[0] ?? '';
  assert.match(auth, '<p>Any one of:</p><div class="dg-api-auth-option"><p class="dg-api-option-label">Option 1</p><p class="dg-api-fact">No authentication.</p></div>');
  assert.is(fieldHead(auth, 'apiKey'), '<span class="dg-field-type">API key in header X-Api-Key</span>');
});

test('should draw the values of a map (additionalProperties) as a [key] field', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'PUT', '/accounts/{accountId}/notes/{noteId}');
  const { html } = renderApiOperation({ page, playground });
  assert.is(fieldHead(html, 'metadata'), '<span class="dg-field-type">object</span>');
  assert.is(fieldHead(html, '[key]'), '<span class="dg-field-type">string</span>');
  assert.match(html, '<div class="dg-api-markdown"><p>Any other key.</p></div><p class="dg-api-fact">Constraints: <code>max length 64</code></p>');
});

test('should switch between media types and between response statuses without JavaScript', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  const { html } = renderApiOperation({ page, playground });
  const body = /<section class="dg-api-section dg-api-request-body".*?<\/section>/s.exec(html)?.[0] ?? '';
  assert.match(body, '<span class="dg-field-badge" data-badge="required">required</span>');
  assert.match(body, /<div class="dg-api-media-switch"><div class="dg-tabs tabs" data-dg-tabs data-sync="false">/);
  assert.match(body, /role="tab" aria-selected="true"[^>]*data-label="application\/json">application\/json<\/label>/);
  assert.match(body, /data-label="text\/plain">text\/plain<\/label>/);
  const responses = /<section class="dg-api-section dg-api-responses".*<\/section>/s.exec(html)?.[0] ?? '';
  assert.equal([...responses.matchAll(/<label class="dg-tab"[^>]*data-label="(\d+)"/g)].map((match) => match[1]), ['201', '404']);
  assert.is(responses.match(/class="dg-tabs-radio" type="radio" name="([^"]+)"/)?.[0].includes('dg-api-'), true);
  assert.match(responses, /<div class="dg-api-response" data-status="201"><div class="dg-api-markdown"><p>Created\.<\/p><\/div><div class="dg-api-response-headers">/);
  assert.is(fieldHead(responses, 'X-Rate-Limit'), '<span class="dg-field-type">integer</span>');
  assert.match(responses, '<div class="dg-api-response" data-status="404"><div class="dg-api-markdown"><p>No such account.</p></div></div>');
});

test('should draw oneOf as switchable variants, the discriminator, allOf merged, type arrays and const', async () => {
  const page = await pageOf(`${specs}openapi31`, 'openapi.yaml', 'GET', '/orders/{orderId}');
  const { html } = renderApiOperation({ page, playground });
  assert.is(fieldHead(html, 'payment'), '<span class="dg-field-type">Card | Transfer</span>');
  assert.match(html, /<div class="dg-api-variants" data-kind="oneOf"><p class="dg-api-variants-label">One of<\/p><div class="dg-tabs tabs" data-dg-tabs data-sync="false">/);
  assert.match(html, /data-label="Card">Card<\/label><label [^>]*data-label="Transfer">Transfer<\/label>/);
  assert.match(html, '<p class="dg-api-fact">Discriminator: <code>method</code> (<code>card</code> → Card, <code>transfer</code> → Transfer)</p>');
  assert.is(fieldHead(html, 'iban'), '<span class="dg-field-type">string</span><span class="dg-field-badge" data-badge="deprecated">deprecated</span>');
  assert.is(fieldHead(html, 'createdAt'), '<span class="dg-field-type">string&lt;date-time></span><span class="dg-field-badge" data-badge="required">required</span>');
  assert.ok(html.includes('<code class="dg-field-name">by</code>'), 'allOf parts merged into one object');
  assert.is(fieldHead(html, 'total'), '<span class="dg-field-type">number | null</span>');
  assert.match(html, '<p class="dg-api-fact">Value: <code>order</code></p>');
  assert.match(html, /<details class="dg-expandable dg-api-children"><summary class="dg-expandable-summary"><span class="dg-expandable-show">Show<\/span><span class="dg-expandable-hide">Hide<\/span> child attributes<\/summary>/);
});

test('should open every nested field list with expandParameters, and keep the collapsed copy apart', async () => {
  const page = await pageOf(`${specs}openapi31`, 'openapi.yaml', 'GET', '/orders/{orderId}');
  const closed = (html: string) => (html.match(/<details class="dg-expandable dg-api-children">/g) ?? []).length;
  // Attribute order is the renderer's: `open` may come first.
  const open = (html: string) => (html.match(/<details (?:open class="dg-expandable dg-api-children"|class="dg-expandable dg-api-children" open)>/g) ?? []).length;
  const collapsed = renderApiOperation({ page, playground }).html;
  const expanded = renderApiOperation({ page, playground, expandParameters: true }).html;
  assert.ok(closed(collapsed) > 0 && open(collapsed) === 0, 'collapsed by default');
  assert.is(open(expanded), closed(collapsed), 'the same lists, open');
  assert.is(closed(expanded), 0);
  // Rendering again gives the same page (ids included).
  assert.is(renderApiOperation({ page, playground }).html, collapsed);
});

test('should show code samples as a code group and response examples pretty-printed, highlighted when asked', async () => {
  const page = await pageOf(`${specs}openapi31`, 'openapi.yaml', 'GET', '/orders/{orderId}');
  const plain = renderApiOperation({ page, playground }).html;
  assert.equal(
    [...(/<div class="dg-api-samples" id="dg-api-samples">.*?(?=<div class="dg-api-response-examples")/s.exec(plain)?.[0] ?? '').matchAll(/<label class="dg-tab"[^>]*data-label="([^"]+)"/g)].map((match) => match[1]),
    ['Ruby SDK', 'cURL', 'JavaScript', 'Python', 'Go'],
  );
  assert.match(plain, '<p class="dg-api-example-summary">A paid order</p>');
  assert.match(plain, '<span class="line">  &quot;status&quot;: &quot;paid&quot;,</span>');
  const calls: string[] = [];
  const highlight = (code: string, lang: string) => {
    calls.push(lang);
    return `<pre class="shiki" data-test="${lang}"><code>${code.length}</code></pre>`;
  };
  const highlighted = renderApiOperation({ page, playground, highlight }).html;
  assert.equal(calls, ['ruby', 'bash', 'javascript', 'python', 'go', 'json']);
  assert.is(renderApiOperation({ page, playground, highlight }).html, highlighted);
  assert.is(calls.length, 6, 'the same highlighter is not asked twice for the same code');
  assert.match(highlighted, '<pre class="shiki" data-test="ruby">');
  assert.match(highlighted, `<pre class="shiki" data-test="json"><code>${JSON.stringify({ id: 'ord_1', status: 'paid', total: 12.5 }, null, 2).length}</code></pre>`);
});

test('should mark recursive schemas instead of drawing them again', async () => {
  const [tree, people] = await pagesOf(`${specs}circular`, 'openapi.yaml');
  const treeHtml = renderApiOperation({ page: tree!, playground }).html;
  assert.is(
    fieldHead(treeHtml, 'children'),
    '<span class="dg-field-type">array of Node</span><span class="dg-field-badge" data-badge="recursive" title="Repeats Node">recursive</span>',
  );
  assert.match(treeHtml, '<p class="dg-api-fact">Recursive: repeats <code>Node</code>, shown above.</p>');
  const peopleHtml = renderApiOperation({ page: people!, playground }).html;
  assert.is(fieldHead(peopleHtml, 'ceo'), '<span class="dg-field-type">Person</span><span class="dg-field-badge" data-badge="recursive" title="Repeats Person">recursive</span>');
});

test('should show the base URL on the method bar with api.url full, or when there are several', async () => {
  const pages = await pagesOf(`${specs}swagger2`, 'swagger.json');
  const one = pages[0]!;
  assert.is(one.baseUrls.length, 1);
  // As on the platform: by default a single base URL is left out of the bar; the twin writes it.
  const bar = renderApiOperation({ page: one, playground }).html;
  assert.not.match(bar, 'dg-api-base');
  assert.match(bar, '<code class="dg-api-path">/pets</code>');
  assert.match(renderApiOperation({ page: one, playground, mode: 'markdown' }).html, 'https://petstore.example.com/v2/pets');
  assert.match(renderApiOperation({ page: one, playground: { ...playground, isFullUrlShown: true } }).html, '<span class="dg-api-base">https://petstore.example.com/v2</span>/pets');
  const several = renderApiOperation({ page: { ...one, baseUrls: ['https://a.example.com', 'https://b.example.com'] }, playground }).html;
  assert.match(several, '<span class="dg-api-base">https://a.example.com</span>/pets');
});

test('should render Swagger 2.0 bodies, api keys and files', async () => {
  const pages = await pagesOf(`${specs}swagger2`, 'swagger.json');
  const list = renderApiOperation({ page: pages[0]!, playground: { ...playground, isFullUrlShown: true } }).html;
  assert.match(list, '<span class="dg-api-base">https://petstore.example.com/v2</span>/pets');
  assert.is(fieldHead(list, 'api_key'), '<span class="dg-field-type">API key in header api_key</span>');
  assert.is(fieldHead(list, 'tags'), '<span class="dg-field-type">array of string</span>');
  assert.is(fieldHead(list, 'owner'), '<span class="dg-field-type">string | null</span>');
  const upload = renderApiOperation({ page: pages[2]!, playground }).html;
  assert.is(fieldHead(upload, 'file'), '<span class="dg-field-type">string&lt;binary></span><span class="dg-field-badge" data-badge="required">required</span>');
});

test('should sanitise spec Markdown: no script, no event handler, no javascript: link', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  for (const mode of ['html', 'markdown'] as const) {
    const { html } = renderApiOperation({ page, playground, mode });
    assert.not.match(html, /<script(?! type="application\/json")/i, mode);
    assert.not.match(html, /javascript:/i, mode);
    assert.not.match(html, /onerror/i, mode);
    assert.not.match(html, /<img/i, mode);
    assert.match(html, '<a href="https://example.com/guide">the guide</a>', mode);
    assert.match(html, 'Adds a note.', mode);
    assert.match(html, 'The text.', mode);
    // Code is text: escaped, never markup.
    assert.match(html, "echo '&lt;/script>&lt;script>alert(3)&lt;/script>'", mode);
  }
  const hostile = (await pagesOf(`${specs}hostile`, 'openapi.yaml'))[0]!;
  const { html } = renderApiOperation({ page: hostile, playground });
  assert.not.match(html, /<iframe|vbscript:|javascript:/i);
});

test('should link safe externalDocs and drop unsafe ones', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  assert.match(
    renderApiOperation({ page, playground }).html,
    '<div class="dg-api-external-docs"><p><a href="https://example.com/notes">External documentation</a></p><div class="dg-api-markdown"><p>How notes work.</p></div></div>',
  );
  const unsafe = { ...page, externalDocs: { url: 'javascript:alert(1)', description: 'x' } };
  assert.not.match(renderApiOperation({ page: unsafe, playground }).html, 'dg-api-external-docs');
});

test('should render markdown mode as plain HTML: no form, button, script, input, label, details or role', async () => {
  const all = [
    ...(await pagesOf(`${specs}tiny`, 'openapi.yaml')),
    ...(await pagesOf(`${specs}openapi31`, 'openapi.yaml')),
    ...(await pagesOf(`${specs}circular`, 'openapi.yaml')),
    ...(await pagesOf(`${specs}swagger2`, 'swagger.json')),
    ...(await pagesOf(ownSpecs, 'openapi.yaml')),
  ];
  for (const page of all) {
    const { html } = renderApiOperation({ page, playground, mode: 'markdown' });
    for (const tag of ['<form', '<button', '<script', '<input', '<label', '<select', '<textarea', '<details', '<figure', '<svg']) {
      assert.not.match(html, tag, `${page.method} ${page.path}: ${tag}`);
    }
    assert.not.match(html, /\srole=/, `${page.method} ${page.path}: role`);
  }
  const orders = all.find((page) => page.path === '/orders/{orderId}')!;
  const { html } = renderApiOperation({ page: orders, playground, mode: 'markdown' });
  assert.match(html, '<p><code>GET https://events.example.com/orders/{orderId}</code></p>');
  assert.match(html, '<p><strong>cURL</strong></p><pre data-language="bash"><code class="language-bash">curl --request GET');
  assert.match(html, '<li><p><code>orderId</code> (string, required)</p></li>');
  assert.match(html, '<h3>200</h3>');
  assert.match(html, '<p>One of:</p><ul><li><p><strong>Card</strong> (Card)</p>');
  assert.match(html, '<pre data-language="json"><code class="language-json">{\n  &quot;id&quot;: &quot;ord_1&quot;');
});

test('should place the page prose after the description, and move heading ids the prose already uses', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  const proseHtml = '<h2 id="parameters">Parameters</h2><p>Hand-written.</p>';
  const { html, toc } = renderApiOperation({ page, playground, proseHtml });
  const description = html.indexOf('Adds a note.');
  const prose = html.indexOf('<div class="dg-api-prose"><h2 id="parameters">Parameters</h2><p>Hand-written.</p></div>');
  assert.ok(description > 0 && prose > description, 'prose after the description');
  assert.ok(prose < html.indexOf('<div class="dg-api-try">'), 'prose before the try-it slot');
  assert.ok(toc.some((entry) => entry.id === 'dg-api-parameters'));
  assert.ok(toc.some((entry) => entry.id === 'path-parameters'));
  assert.is(ids(html).filter((id) => id === 'parameters').length, 1);
});

test('should keep every id unique when a shared schema with a switch is drawn several times', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  const { html } = renderApiOperation({ page, playground });
  // `Attachment` (anyOf) is used by `first` and `second`, in the request and the response.
  assert.is(html.match(/<div class="dg-api-variants" data-kind="anyOf">/g)?.length, 4);
  const all = ids(html);
  assert.equal(all.length, new Set(all).size, 'ids are unique');
  const again = renderApiOperation({ page, playground }).html;
  assert.is(again, html, 'the same HTML on every render');
});

test('should leave out the try-it slot when the playground is hidden', async () => {
  const page = await pageOf(`${specs}tiny`, 'openapi.yaml', 'GET', '/users');
  assert.match(renderApiOperation({ page, playground }).html, '<div class="dg-api-try">');
  assert.not.match(renderApiOperation({ page, playground: { ...playground, mode: 'hide' } }).html, 'dg-api-try');
});

test('should draw webhooks without base URL or try-it form, and mark deprecated operations', async () => {
  const webhook = (await pagesOf(`${specs}openapi31`, 'openapi.yaml')).find((page) => page.kind === 'webhook')!;
  const { html } = renderApiOperation({ page: webhook, playground });
  assert.match(html, '<code class="dg-api-path">orderPaid</code><span class="dg-api-kind">webhook</span>');
  assert.not.match(html, 'dg-api-try');
  const deleted = await pageOf(`${specs}tiny`, 'openapi.yaml', 'DELETE', '/users/{id}');
  assert.match(renderApiOperation({ page: deleted, playground }).html, /<\/code><span class="dg-field-badge" data-badge="deprecated">deprecated<\/span><button type="button" class="dg-api-tryit"/);
});

test('should put the Try it button on the method bar and the form in a dialog after the reference', async () => {
  const page = await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes');
  const { html } = renderApiOperation({ page, playground });
  assert.match(html, /<div class="dg-api-endpoint">.*<\/code><button type="button" class="dg-api-tryit" data-dg-tryit="dg-api-pg-dialog" aria-haspopup="dialog" aria-controls="dg-api-pg-dialog" hidden>Try it<\/button><\/div>/s);
  const dialog = html.indexOf('<dialog class="dg-playground-dialog" id="dg-api-pg-dialog"');
  assert.ok(dialog > html.indexOf('<section class="dg-api-section dg-api-responses"'), 'the reference reads top to bottom without the form');
  assert.ok(html.indexOf('<form class="dg-playground"') > dialog, 'the form is inside the dialog');
  const simple = renderApiOperation({ page, playground: { ...playground, mode: 'simple' } }).html;
  assert.not.match(simple, 'dg-api-tryit');
  assert.not.match(simple, '<dialog');
  // The platform's "copyable endpoint": the URL on the method bar, with a copy button.
  const url = `${page.baseUrls[0]!.replace(/\/+$/, '')}${page.path}`;
  assert.match(simple, `<button type="button" class="dg-api-copy" data-copy="${url}">`);
  // The side column shows the request: no second copy of it under the description (Prefect's pages had two).
  assert.ok(page.codeSamples.length > 0);
  assert.not.match(simple, 'dg-playground-simple');
  const withoutSamples = renderApiOperation({ page: { ...page, codeSamples: [] }, playground: { ...playground, mode: 'simple' } }).html;
  assert.ok(withoutSamples.indexOf('dg-playground-simple') > 0 && withoutSamples.indexOf('dg-playground-simple') < withoutSamples.indexOf('<section class="dg-api-section'), 'a simple request stays under the description');
  assert.not.match(html, 'dg-api-copy', 'interactive: Try it, no copy button');
});

test('should show request samples and response examples by status in the side column, and keep response examples out of the Responses section', async () => {
  const page = await pageOf(`${specs}openapi31`, 'openapi.yaml', 'GET', '/orders/{orderId}');
  const { html, facts } = renderApiOperation({ page, playground, moveSideContent: true });
  assert.is(facts.sideBlocks.length, 1);
  assert.not.match(html, 'dg-api-side', 'the side column is out of the reference');
  const side = /^<div class="dg-api-side">(.*)<\/div>$/s.exec(facts.sideBlocks[0]!)?.[1] ?? '';
  assert.match(side, '<div class="dg-api-samples" id="dg-api-samples"><p class="dg-example-label">Request example</p>');
  assert.match(side, /<div class="dg-api-response-examples" id="dg-api-response-examples"><p class="dg-example-label">Response example<\/p><div class="dg-api-status-switch">/);
  assert.equal([...side.slice(side.indexOf('dg-api-response-examples')).matchAll(/<label class="dg-tab"[^>]*data-label="([^"]+)"/g)].map((match) => match[1]), ['200']);
  assert.match(side, '<p class="dg-api-example-summary">A paid order</p>');
  const responses = html.slice(html.indexOf('<section class="dg-api-section dg-api-responses"'));
  assert.not.match(responses, 'A paid order', 'the example is shown once, in the side column');
  const markdown = renderApiOperation({ page, playground, mode: 'markdown' }).html;
  assert.match(markdown, '<pre data-language="json"><code class="language-json">{\n  &quot;id&quot;: &quot;ord_1&quot;', 'the Markdown twin keeps the example with its response');
  assert.not.match(markdown, 'dg-api-response-examples');
});

test('should write the request body header on one row: Body, media type, required, schema name', async () => {
  const head = (html: string) => {
    const body = html.slice(html.indexOf('<section class="dg-api-section dg-api-request-body"'));
    return {
      row: /<p class="dg-api-body-head">(.*?)<\/p>/.exec(body)?.[1]?.replace(/<span class="dg-api-body-sep" aria-hidden="true"> · <\/span>/g, ' · ').replace(/<[^>]+>/g, ''),
      section: body.slice(0, body.indexOf('</section>')),
    };
  };
  const single = head(renderApiOperation({ page: await pageOf(ownSpecs, 'openapi.yaml', 'PUT', '/accounts/{accountId}/notes/{noteId}'), playground }).html);
  assert.is(single.row, 'Body · application/json · Note');
  assert.match(single.section, '<code class="dg-api-body-media">application/json</code>');
  assert.not.match(single.section, '<p class="dg-api-media-type">', 'the media type is not repeated on a line of its own');
  // Several media types: each one's tab names it and its schema.
  const several = head(renderApiOperation({ page: await pageOf(ownSpecs, 'openapi.yaml', 'POST', '/accounts/{accountId}/notes'), playground }).html);
  assert.is(several.row, 'Body · required');
  assert.match(several.section, 'data-label="application/json"');
});

/** The labels of the tabs in `html`, in document order (a nested set's come after its parent's). */
function tabLabels(html: string): string[] {
  return [...html.matchAll(/<label class="dg-tab"[^>]*data-label="([^"]+)"/g)].map((match) => match[1]!);
}

/** The request samples block of an operation's HTML, up to the response examples. */
function samplesBlock(html: string): string {
  return /<div class="dg-api-samples" id="dg-api-samples">.*?(?=<div class="dg-api-response-examples"|$)/s.exec(html)?.[0] ?? '';
}

/** The try-it data an operation's HTML embeds. */
function playgroundDataOf(html: string): { samples: unknown[]; pageExamples: string[] } {
  return JSON.parse(/<script type="application\/json" data-dg-playground-data>(.*?)<\/script>/s.exec(html)![1]!);
}

/** A gateway's chat operation: each language twice, `Default` and `Self-Hosted` (`x-code-samples`), and a response example. */
const labelledSpec = {
  openapi: '3.1.0',
  info: { title: 'Gateway', version: '1' },
  servers: [{ url: 'https://gateway.example.com/v1' }],
  paths: {
    '/chat': {
      post: {
        operationId: 'chat',
        'x-code-samples': ['cURL', 'python', 'javascript'].flatMap((lang) => [
          { lang, label: 'Default', source: `${lang} default` },
          { lang, label: 'Self-Hosted', source: `${lang} self-hosted` },
        ]),
        responses: { '200': { description: 'OK', content: { 'application/json': { example: { reply: 'Hello' } } } } },
      },
    },
  },
};

test('should show labelled x-code-samples as one tab per language, with a row of tabs for its variants', async () => {
  const page = (await playgroundPages(labelledSpec)).chat!;
  const { html } = renderApiOperation({ page, playground });
  const samples = samplesBlock(html);
  // Languages first (the spec's, then the generated language the spec lacks), then each language's variants.
  assert.equal(tabLabels(samples), ['cURL', 'Python', 'JavaScript', 'Go', 'Default', 'Self-Hosted', 'Default', 'Self-Hosted', 'Default', 'Self-Hosted']);
  assert.is(samples.split('class="dg-tabs dg-code-group code-group dg-api-sample-variants" data-dg-tabs data-sync="true"').length - 1, 3, 'a synced row of variants in each spec language');
  // The blocks come in the order the try-it script rewrites them: the spec's stay as written, Go is generated.
  const sources = [...samples.matchAll(/<code class="language-(\w+)"><span class="line">([^<]*)<\/span>/g)].map((match) => `${match[1]}: ${match[2]}`);
  assert.equal(sources.slice(0, 6), ['bash: cURL default', 'bash: cURL self-hosted', 'python: python default', 'python: python self-hosted', 'javascript: javascript default', 'javascript: javascript self-hosted']);
  assert.match(sources[6]!, /^go: /);
  assert.is(sources.length, 7);
  assert.equal(playgroundDataOf(html).samples, [null, null, null, null, null, null, 'go']);
  // Markdown mode: each sample under a label naming its language and its variant.
  const markdown = renderApiOperation({ page, playground, mode: 'markdown' }).html;
  assert.match(markdown, '<p><strong>Python · Self-Hosted</strong></p><pre data-language="python"><code class="language-python">python self-hosted</code></pre>');
});

test('should leave out the request samples or response examples the page shows itself, each kind on its own', async () => {
  const page = await pageOf(`${specs}openapi31`, 'openapi.yaml', 'GET', '/orders/{orderId}');
  const side = (pageExamples: Array<'request' | 'response'>) => renderApiOperation({ page, playground, moveSideContent: true, pageExamples });
  const both = side([]);
  assert.match(both.facts.sideBlocks[0]!, 'id="dg-api-samples"');
  assert.match(both.facts.sideBlocks[0]!, 'id="dg-api-response-examples"');
  assert.equal(playgroundDataOf(both.html).pageExamples, []);

  const request = side(['request']);
  assert.is(request.facts.sideBlocks.length, 1);
  assert.not.match(request.facts.sideBlocks[0]!, 'dg-api-samples', 'the page\'s <RequestExample> is the request example');
  assert.match(request.facts.sideBlocks[0]!, 'id="dg-api-response-examples"', 'the generated response example stays');
  // The try-it dialog borrows the page's own block instead, and writes nothing into it.
  assert.equal(playgroundDataOf(request.html).samples, []);
  assert.equal(playgroundDataOf(request.html).pageExamples, ['request']);

  const response = side(['response']);
  assert.match(response.facts.sideBlocks[0]!, 'id="dg-api-samples"');
  assert.not.match(response.facts.sideBlocks[0]!, 'dg-api-response-examples');
  assert.equal(playgroundDataOf(response.html).samples, [null, 'curl', 'fetch', 'python', 'go']);

  assert.equal(side(['request', 'response']).facts.sideBlocks, [], 'no side column of its own');

  const markdown = (pageExamples: Array<'request' | 'response'>) => renderApiOperation({ page, playground, mode: 'markdown', pageExamples }).html;
  assert.match(markdown([]), '<strong>Request examples</strong>');
  assert.not.match(markdown(['request']), 'Request examples');
  assert.match(markdown([]), '&quot;status&quot;: &quot;paid&quot;');
  assert.not.match(markdown(['response']), '&quot;status&quot;: &quot;paid&quot;', 'the response example is the page\'s');
  assert.match(markdown(['response']), '<strong>Request examples</strong>');
});

test.run();
