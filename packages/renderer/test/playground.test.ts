import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ApiPageModel } from '@docsgen/openapi-pages';
import { Playground, playgroundData, TryItButton } from '../src/api/playground.js';
import type { PlaygroundSettings } from '../src/api/types.js';
import { RenderContext } from '../src/render-context.js';
import { playgroundPages, playgroundSpec, renderPlaygroundHtml } from './playground-spec.js';

const hostile = '</script><script>alert(1)</script>';
const settings: PlaygroundSettings = { mode: 'interactive', proxy: false, proxyUrl: '/_docsgen/proxy', auth: { method: 'bearer', name: undefined } };

const playground = suite<{ single: Record<string, ApiPageModel>; multiple: Record<string, ApiPageModel> }>('Playground');

playground.before(async (context) => {
  context.single = await playgroundPages(
    playgroundSpec([{ url: 'https://{region}.example.com:8443/v1', variables: { region: { default: 'eu', enum: ['eu', 'us', hostile] } } }]),
  );
  context.multiple = await playgroundPages(playgroundSpec([{ url: 'https://api.example.com' }]), ['https://api.example.com/v1', 'https://staging.example.com/v1']);
});

/** The JSON of the form's data script, read the way a browser reads it: up to the first `</script`. */
function embeddedJson(html: string): unknown {
  const start = html.indexOf('<script type="application/json" data-dg-playground-data>');
  assert.ok(start >= 0, 'data script present');
  const content = html.slice(html.indexOf('>', start) + 1, html.indexOf('</script', start));
  return JSON.parse(content);
}

playground('should render nothing with mode `hide` and in the Markdown twin', (context) => {
  assert.is(renderPlaygroundHtml(context.single.getUser!, { ...settings, mode: 'hide' }), '');
  const markdown = renderToString(
    h(RenderContext.Provider, { value: { mode: 'markdown' } }, h(Playground, { page: context.single.getUser!, settings, idPrefix: 'x-' })),
  );
  assert.is(markdown, '');
});

playground('should show the method, the full URL and a copyable curl, without inputs, with mode `simple`', (context) => {
  const html = renderPlaygroundHtml(context.multiple.createUser!, { ...settings, mode: 'simple' });
  assert.match(html, '<span class="dg-playground-method">POST</span> <code>https://api.example.com/v1/users</code>');
  assert.match(html, 'class="language-bash"');
  assert.match(html, 'curl --request POST');
  assert.match(html, 'class="dg-code-copy"');
  assert.not.match(html, '<form');
  assert.not.match(html, '<input');
  assert.not.match(html, '<textarea');
  assert.not.match(html, '<script');
});

playground('should render a form in a dialog whose Send button waits for the script, and say that JavaScript is needed', (context) => {
  const html = renderPlaygroundHtml(context.single.getUser!, settings);
  assert.match(html, /^<dialog class="dg-playground-dialog" id="op-pg-dialog" aria-labelledby="op-pg-title"><form class="dg-playground" data-dg-playground/);
  assert.match(html, /<h2 class="dg-playground-title" id="op-pg-title"><span class="dg-sr-only">Try <\/span><span class="dg-api-method" data-method="get">GET<\/span> <code class="dg-playground-url" data-dg-playground-url>https:\/\/eu\.example\.com:8443\/v1\/users\/\{id\}<\/code><\/h2>/);
  assert.match(html, '<button type="submit" class="dg-playground-send" disabled>Send</button><button type="button" class="dg-playground-close" data-dg-playground-close aria-label="Close">');
  assert.match(html, 'Sending a request needs JavaScript.');
  assert.match(html, 'data-dg-playground-response');
  // The request samples and response examples come in from the page while the dialog is open.
  assert.ok(html.indexOf('data-dg-playground-slot="samples"') < html.indexOf('data-dg-playground-response'));
  assert.ok(html.indexOf('data-dg-playground-response') < html.indexOf('data-dg-playground-slot="responses"'));
});

playground('should tell the script which samples it writes again, and with which credential placeholders', async (context) => {
  const data = playgroundData(context.single.getUser!, settings, 'op-');
  assert.equal(data.parts, { dialog: 'op-pg-dialog', samples: 'op-samples', responses: 'op-response-examples' });
  assert.equal(data.samples, ['curl', 'fetch', 'python', 'go']);
  assert.equal(data.sampleCredentials, { headers: [], query: [] }, 'the spec has no security requirement');
  const spec = playgroundSpec([{ url: 'https://api.example.com' }]);
  (spec.paths as Record<string, { get?: Record<string, unknown> }>)['/users/{id}']!.get!['x-codeSamples'] = [{ lang: 'ruby', label: 'Ruby', source: 'Client.get' }];
  Object.assign(spec, { components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' }, bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ key: [], bearer: [] }] });
  const secured = (await playgroundPages(spec)).getUser!;
  const withSpecSamples = playgroundData(secured, settings, 'op-');
  assert.equal(withSpecSamples.samples, [null, 'curl', 'fetch', 'python', 'go'], 'the spec\'s own sample stays as written');
  assert.equal(withSpecSamples.sampleCredentials, { headers: [['Authorization', 'Bearer <token>']], query: [['api_key', '<api-key>']] });
});

playground('should draw the Try it button only for an interactive form of an operation', (context) => {
  const button = (page: ApiPageModel, mode: PlaygroundSettings['mode']) =>
    renderToString(h(RenderContext.Provider, { value: { mode: 'html' } }, h(TryItButton, { page, settings: { ...settings, mode }, idPrefix: 'op-' })));
  assert.is(button(context.single.getUser!, 'interactive'), '<button type="button" class="dg-api-tryit" data-dg-tryit="op-pg-dialog" aria-haspopup="dialog" aria-controls="op-pg-dialog" hidden>Try it</button>');
  assert.is(button(context.single.getUser!, 'simple'), '');
  assert.is(button(context.single.getUser!, 'hide'), '');
  assert.is(button({ ...context.single.getUser!, kind: 'webhook' }, 'interactive'), '');
});

playground('should show the environment switcher only with more than one base URL', (context) => {
  const one = renderPlaygroundHtml(context.single.getUser!, settings);
  assert.not.match(one, 'data-dg-playground-env');
  const two = renderPlaygroundHtml(context.multiple.getUser!, settings);
  assert.match(two, '<select id="op-pg-env" name="environment" data-dg-playground-env><option value="0" selected>https://api.example.com/v1</option><option value="1">https://staging.example.com/v1</option></select>');
});

playground('should make server variables editable, with their default selected', (context) => {
  const html = renderPlaygroundHtml(context.single.getUser!, settings);
  assert.match(html, '<code>https://{region}.example.com:8443/v1</code>');
  assert.match(html, /<select id="op-pg-v0-region" name="variable\.0\.region" required><option value="eu" selected>eu<\/option><option value="us">us<\/option>/);
  assert.not.match(renderPlaygroundHtml(context.multiple.getUser!, settings), 'data-dg-playground-variables');
});

playground('should prefill parameters with their example or default and mark required ones', (context) => {
  const html = renderPlaygroundHtml(context.single.getUser!, { ...settings, prefill: true });
  assert.match(html, /<label for="op-pg-path-0">id<span class="dg-playground-required"[^>]*> \*<span class="dg-sr-only"> \(required\)<\/span><\/span><\/label><input id="op-pg-path-0" name="path\.id" type="text" value="a b\/c" required\/>/);
  assert.match(html, '<input id="op-pg-query-0" name="query.fields" type="text" value="name"/>');
  assert.match(html, '<select id="op-pg-query-1" name="query.order"><option value>—</option><option value="asc">asc</option>');
  assert.match(html, '<input id="op-pg-header-0" name="header.X-Trace" type="text" value="trace-1" required/>');
});

playground('should show examples as placeholders without prefill, and still fill in defaults', (context) => {
  const html = renderPlaygroundHtml(context.single.getUser!, settings);
  assert.match(html, /<input id="op-pg-path-0" name="path\.id" type="text" value placeholder="a b\/c" required\/>/);
  assert.match(html, '<input id="op-pg-query-0" name="query.fields" type="text" value="name"/>', 'the default is what the API assumes anyway');
  assert.match(html, '<input id="op-pg-header-0" name="header.X-Trace" type="text" value placeholder="trace-1" required/>');
  const body = renderPlaygroundHtml(context.single.createUser!, settings);
  assert.match(body, /<textarea id="op-pg-body-0" name="body\.0"[^>]*placeholder="\{\n {2}&quot;name&quot;: &quot;Ada &lt;\/script>&lt;script>alert\(1\)&lt;\/script>&quot;\n\}"[^>]*><\/textarea>/);
  assert.match(body, '<input id="op-pg-body-1-0" name="body.1.name" type="text" value="Grace" required/>', 'a default, filled in');
  assert.match(body, '<button type="button" class="dg-playground-use-example" data-dg-playground-example="op-pg-body-0">Use the example</button>');
  assert.not.match(renderPlaygroundHtml(context.single.createUser!, { ...settings, prefill: true }), 'data-dg-playground-example', 'nothing to use when it is filled in');
});

playground('should send cookies only when the site asks for it and requests go straight to the API', (context) => {
  const data = (extra: Partial<PlaygroundSettings>) => {
    const html = renderPlaygroundHtml(context.single.getUser!, { ...settings, ...extra });
    return JSON.parse(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as { credentials: boolean };
  };
  assert.is(data({}).credentials, false);
  assert.is(data({ credentials: true }).credentials, true);
  assert.is(data({ credentials: true, proxy: true }).credentials, false, 'the proxy never forwards cookies');
});

playground('should give each media type its editor: JSON prefilled with the first example, form fields, multipart file inputs', (context) => {
  const html = renderPlaygroundHtml(context.single.createUser!, { ...settings, prefill: true });
  assert.match(html, '<option value="0" selected>application/json</option><option value="1">application/x-www-form-urlencoded</option><option value="2">multipart/form-data</option>');
  assert.match(html, /<textarea id="op-pg-body-0" name="body\.0"[^>]*>\{\n {2}&quot;name&quot;: &quot;Ada &lt;\/script>&lt;script>alert\(1\)&lt;\/script>&quot;\n\}<\/textarea>/);
  assert.match(html, '<input id="op-pg-body-1-0" name="body.1.name" type="text" value="Grace" required/>');
  assert.not.match(html, 'name="body.1.id"', 'read-only properties are not sent');
  assert.match(html, '<input id="op-pg-body-2-0" name="body.2.caption" type="text" value/>');
  assert.match(html, '<input id="op-pg-body-2-1" type="file" name="body.2.photo"/>');
  assert.match(html, /data-dg-playground-body-editor="1" data-kind="form" hidden>/);
});

playground('should ask for the credentials of the auth method', (context) => {
  const page = context.single.getUser!;
  const names = (auth: PlaygroundSettings['auth']) => [...renderPlaygroundHtml(page, { ...settings, auth }).matchAll(/name="(auth\.[a-z]+)" type="([a-z]+)"/g)].map((match) => `${match[1]}:${match[2]}`);
  assert.equal(names({ method: 'bearer', name: undefined }), ['auth.token:password']);
  assert.equal(names({ method: 'basic', name: undefined }), ['auth.username:text', 'auth.password:password']);
  assert.equal(names({ method: 'key', name: 'X-Api-Key' }), ['auth.key:password']);
  assert.match(renderPlaygroundHtml(page, { ...settings, auth: { method: 'key', name: 'X-Api-Key' } }), '<label for="op-pg-key">X-Api-Key</label>');
  assert.equal(names({ method: 'none', name: undefined }), []);
  assert.not.match(renderPlaygroundHtml(page, { ...settings, auth: { method: 'none', name: undefined } }), 'Authorization');
});

playground('should embed the request data as JSON that spec text cannot break out of', (context) => {
  const page = context.single.getUser!;
  const html = renderPlaygroundHtml(page, { ...settings, proxy: true, auth: { method: 'key', name: hostile } });
  assert.is(html.split('<script').length - 1, 1, 'one script element: the data');
  assert.not.match(html, '<script>alert');
  const data = embeddedJson(html);
  assert.equal(data, JSON.parse(JSON.stringify(playgroundData(page, { ...settings, proxy: true, auth: { method: 'key', name: hostile } }, 'op-'))));
  assert.is((data as { auth: { name: string } }).auth.name, hostile, 'the text survives intact');
  assert.equal((data as { environments: { variables: { enum: string[] }[] }[] }).environments[0]?.variables[0]?.enum, ['eu', 'us', hostile]);
});

playground('should list the exact documented origins, with the default of every server variable', (context) => {
  assert.equal(playgroundData(context.single.getUser!, settings, 'op-').origins, ['https://eu.example.com:8443']);
  const data = playgroundData(context.multiple.getUser!, { ...settings, proxy: true }, 'op-');
  assert.equal(data.origins, ['https://api.example.com', 'https://staging.example.com']);
  assert.equal(
    data.parameters.map((parameter) => `${parameter.in}:${parameter.name}`),
    ['path:id', 'query:fields', 'query:order', 'header:X-Trace'],
  );
  assert.is(data.proxy, true);
  assert.is(data.proxyUrl, '/_docsgen/proxy');
  assert.is(data.method, 'GET');
  assert.is(data.path, '/users/{id}');
});

playground.run();
