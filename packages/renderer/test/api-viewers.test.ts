import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OpenApiViewerA, OpenApiViewerB, OpenApiViewerC } from '../src/api/viewers.js';
import type { ApiReferenceContext } from '../src/api/types.js';
import { RenderContext, type RenderMessage } from '../src/render-context.js';

const test = suite('OpenApiViewerA/B/C');

const hostile = '</script><script>alert(1)</script>';

const document = {
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  paths: { '/users/{id}': { get: { summary: `Get a user ${hostile}`, responses: { '200': { description: 'OK' } } } } },
};

const bundle = (name: string) => ({ scripts: [`/_docsgen/vendor/${name}/x.js`], styles: [], source: 'local' as const });

function apiReference(found: Record<string, unknown> | 'loading' | undefined, calls: unknown[][] = []): ApiReferenceContext {
  return {
    findOperation: () => undefined,
    operationDocument: (...args) => {
      calls.push(args);
      return found;
    },
    playground: { mode: 'interactive', proxy: false, proxyUrl: '/_docsgen/proxy', auth: { method: 'none', name: undefined } },
    viewerBundles: { 'viewer-a': bundle('viewer-a'), 'viewer-b': bundle('viewer-b'), 'viewer-c': bundle('viewer-c') },
  };
}

function render(component: typeof OpenApiViewerA, props: Record<string, unknown>, value: Record<string, unknown>): { html: string; messages: RenderMessage[] } {
  const messages: RenderMessage[] = [];
  const html = renderToString(h(RenderContext.Provider, { value: { ...value, onMessage: (message: RenderMessage) => messages.push(message) } }, h(component as (props: Record<string, unknown>) => ReturnType<typeof OpenApiViewerA>, props)));
  return { html, messages };
}

/** The JSON of the data script, read the way a browser reads it: up to the first `</script`. */
function embeddedJson(html: string): Record<string, unknown> {
  const start = html.indexOf('<script type="application/json" data-dg-viewer-data>');
  assert.ok(start >= 0, 'data script present');
  return JSON.parse(html.slice(html.indexOf('>', start) + 1, html.indexOf('</script', start))) as Record<string, unknown>;
}

test('should render each viewer box with the operation document and that viewer\'s bundle', () => {
  for (const [component, viewer] of [
    [OpenApiViewerA, 'viewer-a'],
    [OpenApiViewerB, 'viewer-b'],
    [OpenApiViewerC, 'viewer-c'],
  ] as const) {
    const calls: unknown[][] = [];
    const { html, messages } = render(component, { spec: 'api/openapi.yaml', method: 'get', path: '/users/{id}' }, { apiReference: apiReference(document, calls) });
    assert.equal(calls, [['api/openapi.yaml', 'GET', '/users/{id}']]);
    assert.match(html, new RegExp(`^<div class="dg-viewer" data-dg-viewer="${viewer}" role="region"`));
    assert.equal(embeddedJson(html), { viewer, document, bundle: bundle(viewer) });
    assert.equal(html.match(/<script/g)?.length, 1, 'no other script; the hostile summary is JSON-escaped');
    assert.match(html, 'class="dg-viewer-status"');
    assert.equal(messages, []);
  }
});

test('should render only an empty marker while the spec loads', () => {
  const { html, messages } = render(OpenApiViewerB, { method: 'GET', path: '/users/{id}' }, { apiReference: apiReference('loading') });
  assert.is(html, '<div class="dg-viewer-loading" data-dg-loading="viewer"></div>');
  assert.not.match(html, 'data-dg-viewer');
  assert.equal(messages, []);
});

test('should show a notice and report `openapi-viewer-missing` for an unknown operation', () => {
  const { html, messages } = render(OpenApiViewerC, { spec: 'a.yaml', method: 'GET', path: `/nope${hostile}` }, { apiReference: apiReference(undefined) });
  assert.match(html, '<div class="dg-viewer-missing" role="note">');
  assert.match(html, 'not found in a.yaml');
  assert.not.match(html, '<script');
  assert.not.match(html, 'data-dg-viewer');
  assert.is(messages.length, 1);
  assert.is(messages[0]?.ruleId, 'openapi-viewer-missing');
  assert.is(messages[0]?.fatal, false);
  assert.match(messages[0]?.reason ?? '', '`<OpenApiViewerC>`');
});

test('should report `openapi-viewer-missing` without API data or without method and path', () => {
  const none = render(OpenApiViewerA, { method: 'GET', path: '/a' }, {});
  assert.match(none.messages[0]?.reason ?? '', 'the site has no API spec');
  assert.match(none.html, 'dg-viewer-missing');
  const calls: unknown[][] = [];
  const bare = render(OpenApiViewerA, {}, { apiReference: apiReference(document, calls) });
  assert.equal(calls, [], 'not looked up');
  assert.is(bare.messages[0]?.ruleId, 'openapi-viewer-missing');
  assert.match(bare.html, '<code>? ?</code>');
});

test('should render a plain line in the Markdown twin: method, path, summary and the spec', () => {
  const local = render(OpenApiViewerA, { spec: 'api/openapi.yaml', method: 'get', path: '/users/{id}' }, { mode: 'markdown', apiReference: apiReference(document) });
  assert.is(
    local.html,
    '<p><strong>GET</strong> <code>/users/{id}</code>: Get a user &lt;/script>&lt;script>alert(1)&lt;/script> (from <code>api/openapi.yaml</code>)</p>',
  );
  const remote = render(OpenApiViewerB, { spec: 'https://example.com/openapi.json', method: 'GET', path: '/users/{id}' }, { mode: 'markdown', apiReference: apiReference(document) });
  assert.match(remote.html, '(<a href="https://example.com/openapi.json">OpenAPI spec</a>)');
  const unsafe = render(OpenApiViewerB, { spec: 'javascript:alert(1)', method: 'GET', path: '/users/{id}' }, { mode: 'markdown', apiReference: apiReference(document) });
  assert.not.match(unsafe.html, 'href=');
  assert.not.match(remote.html + local.html, '<script');
});

test.run();
