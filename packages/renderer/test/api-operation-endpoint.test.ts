import { fileURLToPath } from 'node:url';
import { buildOpenApiPages, loadSpec, type ApiPageModel } from '@docsgen/openapi-pages';
import { h, options, type VNode } from 'preact';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Playground } from '../src/api/playground.js';
import { renderToString } from 'preact-render-to-string';
import { builtinComponents, RenderContext, type ApiReferenceContext, type PlaygroundSettings, type RenderMessage } from '../src/index.js';

const test = suite('OpenApiEndpoint');

const specs = fileURLToPath(new URL('../../openapi-pages/test/fixtures/specs/', import.meta.url));
const OpenApiEndpoint = builtinComponents.OpenApiEndpoint!;
const site: PlaygroundSettings = { mode: 'interactive', proxy: false, proxyUrl: '/_docsgen/proxy', auth: { method: 'bearer', name: undefined } };

const pages = buildOpenApiPages(await loadSpec(`${specs}tiny`, 'openapi.yaml')).pages;
const kitchenSink = buildOpenApiPages(await loadSpec(fileURLToPath(new URL('fixtures/api-operation/', import.meta.url)), 'openapi.yaml')).pages;

/** A site's API data with the tiny spec (`openapi.yaml`), or `'loading'` for every operation. */
function fakeContext(state: 'ready' | 'loading', calls: unknown[][] = []): ApiReferenceContext {
  const find = (spec: string | undefined, method: string, path: string): ApiPageModel | 'loading' | undefined => {
    calls.push([spec, method, path]);
    if (state === 'loading') return 'loading';
    if (spec === 'kitchen-sink.yaml') return kitchenSink.find((page) => page.method === method && page.path === path);
    if (spec !== undefined && spec !== 'openapi.yaml') return undefined;
    return pages.find((page) => page.method === method && page.path === path);
  };
  return {
    findOperation: find,
    operationDocument: () => undefined,
    playground: site,
    highlight: (code, lang) => `<pre class="shiki" data-lang="${lang}"><code>${code.length}</code></pre>`,
    viewerBundles: {
      'viewer-a': { scripts: [], styles: [], source: 'cdn' },
      'viewer-b': { scripts: [], styles: [], source: 'cdn' },
      'viewer-c': { scripts: [], styles: [], source: 'cdn' },
    },
  };
}

/** Renders `tree` as a site does: inside `RenderContext` with its API data. */
function renderWith(tree: VNode, value: Record<string, unknown>): string {
  return renderToString(h(RenderContext.Provider, { value }, tree));
}

/** Renders `props` with `apiReference`, collecting messages and the props each `Playground` received. */
function render(props: Record<string, unknown>, apiReference: ApiReferenceContext | undefined, mode: 'html' | 'markdown' = 'html') {
  const messages: RenderMessage[] = [];
  const playgrounds: { page: ApiPageModel; settings: PlaygroundSettings; idPrefix: string }[] = [];
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === Playground) playgrounds.push(vnode.props as unknown as (typeof playgrounds)[number]);
    previous?.(vnode);
  };
  try {
    const html = renderWith(h(OpenApiEndpoint, props), { mode, apiReference, onMessage: (message: RenderMessage) => messages.push(message) });
    return { html, messages, playgrounds };
  } finally {
    options.vnode = previous;
  }
}

test('should draw the operation found through the render context, with a case-insensitive method', () => {
  const calls: unknown[][] = [];
  const { html, messages, playgrounds } = render({ method: 'get', path: '/users/{id}' }, fakeContext('ready', calls));
  assert.equal(calls, [[undefined, 'GET', '/users/{id}']]);
  assert.equal(messages, []);
  assert.match(html, '<section class="dg-api" data-dg-api data-method="get" data-kind="operation">');
  assert.match(html, '<span class="dg-api-base">https://api.example.com/v1</span>/users/<span class="dg-api-path-param">{id}</span>');
  assert.match(html, '<pre class="shiki" data-lang="bash">', 'highlights with the context highlighter');
  assert.is(playgrounds.length, 1);
  assert.is(playgrounds[0]!.settings, site, 'the site settings when no prop overrides them');
});

test('should give headings ids made from the operation, apart from the page and other endpoints', () => {
  const apiReference = fakeContext('ready');
  const page = h('div', null, h(OpenApiEndpoint, { method: 'GET', path: '/users' }), h(OpenApiEndpoint, { method: 'POST', path: '/users' }));
  const html = renderWith(page, { apiReference });
  assert.match(html, '<h2 id="get-users-parameters" class="dg-api-heading">Parameters');
  assert.match(html, '<h3 id="get-users-query-parameters" class="dg-api-heading">');
  assert.match(html, '<h2 id="post-users-request-body" class="dg-api-heading">');
  const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
  assert.equal(ids.length, new Set(ids).size, 'ids are unique on the page');
});

test('should keep ids unique when two endpoints draw the same shared schema switches', () => {
  const add = { spec: 'kitchen-sink.yaml', method: 'POST', path: '/accounts/{accountId}/notes' };
  const replace = { spec: 'kitchen-sink.yaml', method: 'PUT', path: '/accounts/{accountId}/notes/{noteId}' };
  const html = renderWith(h('div', null, h(OpenApiEndpoint, add), h(OpenApiEndpoint, replace)), { apiReference: fakeContext('ready') });
  // `Attachment` (anyOf) twice in each `Note`: request and response of the first, request of the second.
  assert.is(html.match(/<div class="dg-api-variants" data-kind="anyOf">/g)?.length, 6);
  const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
  const names = [...html.matchAll(/\sname="([^"]*)"/g)].map((match) => match[1]);
  assert.equal(ids.length, new Set(ids).size, 'ids are unique on the page');
  assert.ok(new Set(names).size >= 6, 'each switch has its own radio group');
});

test('should pass the spec prop through and render only a marker while the spec loads', () => {
  const calls: unknown[][] = [];
  const { html, messages, playgrounds } = render({ spec: 'specs/other.yaml', method: 'GET', path: '/users' }, fakeContext('loading', calls));
  assert.equal(calls, [['specs/other.yaml', 'GET', '/users']]);
  assert.is(html, '<div class="dg-api-loading" data-dg-api-loading></div>');
  assert.equal(messages, []);
  assert.is(playgrounds.length, 0);
});

test('should show a notice and warn with openapi-endpoint-missing for an unknown operation', () => {
  const { html, messages } = render({ method: 'GET', path: '/nope' }, fakeContext('ready'));
  assert.is(html, '<div class="dg-api-missing" role="note"><p>API operation <code>GET /nope</code> not found.</p></div>');
  assert.is(messages.length, 1);
  assert.equal(
    { ruleId: messages[0]!.ruleId, source: messages[0]!.source, fatal: messages[0]!.fatal, actual: messages[0]!.actual, reason: messages[0]!.reason },
    { ruleId: 'openapi-endpoint-missing', source: '@docsgen/renderer', fatal: false, actual: 'GET /nope', reason: "Cannot find the operation `GET /nope` in the site's API spec" },
  );
  const other = render({ spec: 'other.yaml', method: 'GET', path: '/users' }, fakeContext('ready'));
  assert.match(other.html, 'not found in other.yaml');
  assert.is(other.messages[0]!.reason, 'Cannot find the operation `GET /users` in `other.yaml`');
});

test('should show a notice and warn when the site has no API data', () => {
  const { html, messages } = render({ method: 'GET', path: '/users' }, undefined);
  assert.match(html, 'API operation <code>GET /users</code> not found.');
  assert.is(messages[0]!.ruleId, 'openapi-endpoint-missing');
  assert.match(messages[0]!.reason, 'the site has no API spec');
  const markdown = render({ method: 'GET', path: '/users' }, undefined, 'markdown');
  assert.not.match(markdown.html, 'role=');
});

test('should replace the base URLs with the baseUrl prop, in the header, samples and try-it settings', () => {
  const { html, playgrounds } = render({ method: 'GET', path: '/users', baseUrl: 'https://staging.example.com/api' }, fakeContext('ready'));
  // One base URL: the bar shows the path (`api.url: "full"` shows the base), the samples the whole URL.
  assert.match(html, '<code class="dg-api-path">/users</code>');
  assert.match(html, 'https://staging.example.com/api/users');
  assert.not.match(html, 'dg-api-servers', 'one base URL: no server list');
  assert.equal(playgrounds[0]!.page.baseUrls, ['https://staging.example.com/api']);
  const curl = playgrounds[0]!.page.codeSamples.find((sample) => sample.label === 'cURL')!;
  assert.match(curl.source, "'https://staging.example.com/api/users");
  const list = render({ method: 'GET', path: '/users', baseUrl: '["https://a.example.com", "javascript:alert(1)", "https://b.example.com"]' }, fakeContext('ready'));
  assert.equal(list.playgrounds[0]!.page.baseUrls, ['https://a.example.com', 'https://b.example.com']);
  assert.not.match(list.html, 'javascript:');
});

test('should override the site auth with authMethod and authName', () => {
  const key = render({ method: 'GET', path: '/users', authMethod: 'KEY', authName: 'X-Api-Key' }, fakeContext('ready'));
  assert.equal(key.playgrounds[0]!.settings, { ...site, auth: { method: 'key', name: 'X-Api-Key' } });
  const basic = render({ method: 'GET', path: '/users', authMethod: 'basic' }, fakeContext('ready'));
  assert.equal(basic.playgrounds[0]!.settings.auth, { method: 'basic', name: undefined });
  const unknown = render({ method: 'GET', path: '/users', authMethod: 'digest' }, fakeContext('ready'));
  assert.equal(unknown.playgrounds[0]!.settings.auth, site.auth, 'an unknown method keeps the site setting');
});

test('should follow markdown mode: no try-it form, no buttons, no scripts', () => {
  const { html, playgrounds } = render({ method: 'POST', path: '/users' }, fakeContext('ready'), 'markdown');
  assert.is(playgrounds.length, 0);
  for (const tag of ['<form', '<button', '<script', '<input', '<details', '<label']) assert.not.match(html, tag);
  assert.match(html, '<p><code>POST https://api.example.com/v1/users</code></p>');
  assert.match(html, '<pre data-language="bash"><code class="language-bash">curl');
});

test.run();
