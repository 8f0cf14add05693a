import type { ResolvedDocsConfig } from '@docsgen/config';
import type { ApiPageModel } from '@docsgen/openapi-pages';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { applyExampleSettings, parameterPillsOf, playgroundMode, playgroundSettings, proxyOrigins, viewerOf } from '../src/api-settings.js';

const test = suite('api-settings');
const configWith = (api: unknown): ResolvedDocsConfig => ({ api }) as unknown as ResolvedDocsConfig;

test('should read the try-it mode with the hosted platform names', () => {
  assert.equal(['interactive', 'auth', 'simple', 'hide', 'none', 'other', undefined].map(playgroundMode), ['interactive', 'interactive', 'simple', 'hide', 'hide', undefined, undefined]);
  const settings = playgroundSettings(configWith({ playground: { display: 'simple', proxy: true }, mdx: { auth: { method: 'bearer', name: ' Token ' } } }));
  assert.equal([settings.mode, settings.proxy, settings.auth, settings.credentials], ['simple', true, { method: 'bearer', name: 'Token' }, false]);
  assert.is(playgroundSettings(undefined).mode, 'interactive');
});

test('should send try-it requests through the proxy by default where the site serves it, as the platform does', () => {
  const proxy = (playground: unknown, canProxy?: boolean) => playgroundSettings(configWith({ playground }), canProxy === undefined ? undefined : { canProxy }).proxy;
  // Not written: the site's answer (dev, or an adapter that runs functions), else straight to the API.
  assert.is(proxy({}, true), true);
  assert.is(proxy({}, false), false);
  assert.is(proxy(undefined), false);
  // Written: as written, wherever the site runs.
  assert.is(proxy({ proxy: false }, true), false);
  assert.is(proxy({ proxy: true }, false), true);
});

test('should keep only known viewers and x- parameter pills, once each', () => {
  assert.equal([viewerOf(configWith({ viewer: 'viewer-b' })), viewerOf(configWith({ viewer: 'other' })), viewerOf(undefined)], ['viewer-b', 'docsgen', 'docsgen']);
  assert.equal(parameterPillsOf(configWith({ params: { post: ['x-a', 'y', 'x-a', 3, 'x-b'] } })), ['x-a', 'x-b']);
});

test('should collect the http(s) origins of servers, base URLs and api.baseUrl, sorted', () => {
  const model = { baseUrls: ['https://b.example.com/v1'], servers: [{ url: 'https://a.example.com' }, { url: 'ftp://files.example.com' }, { url: '{templated}' }] } as unknown as ApiPageModel;
  assert.equal(proxyOrigins([model], configWith({ baseUrl: ['http://c.example.com:8080/x', 'not a url'] })), ['http://c.example.com:8080', 'https://a.example.com', 'https://b.example.com']);
});

test('should order generated samples by api.examples.languages after the spec own, or drop them', () => {
  const samples = () => [
    { lang: 'python', isGenerated: true },
    { lang: 'bash', isGenerated: true },
    { lang: 'ruby', isGenerated: false },
  ];
  const model = { codeSamples: samples() } as unknown as ApiPageModel;
  applyExampleSettings([model], configWith({ examples: { languages: ['curl', 'py', 'cobol'] } }));
  assert.equal(model.codeSamples.map((sample) => sample.lang), ['ruby', 'bash', 'python']);
  const none = { codeSamples: samples() } as unknown as ApiPageModel;
  applyExampleSettings([none], configWith({ examples: { autogenerate: false } }));
  assert.equal(none.codeSamples.map((sample) => sample.lang), ['ruby']);
});

test.run();
