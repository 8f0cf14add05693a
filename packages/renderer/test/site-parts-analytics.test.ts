import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { analyticsProviderNames, analyticsScripts } from '../src/index.js';

// One valid configuration per provider, and a URL its head must load.
const providerFixtures: Record<string, { options: Record<string, unknown>; loads: string }> = {
  adobe: { options: { launchUrl: 'https://assets.adobedtm.com/abc/launch-123.min.js' }, loads: 'https://assets.adobedtm.com/abc/launch-123.min.js' },
  amplitude: { options: { apiKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }, loads: 'https://cdn.amplitude.com/script/a1b2c3d4e5f60718293a4b5c6d7e8f90.js' },
  clarity: { options: { projectId: 'abc123xyz' }, loads: 'https://www.clarity.ms/tag/abc123xyz' },
  clearbit: { options: { publicApiKey: 'pk_test123' }, loads: 'https://tag.clearbitscripts.com/v1/pk_test123/tags.js' },
  fathom: { options: { siteId: 'ABCDEFGH' }, loads: 'https://cdn.usefathom.com/script.js' },
  ga4: { options: { measurementId: 'G-TEST12345' }, loads: 'https://www.googletagmanager.com/gtag/js?id=G-TEST12345' },
  gtm: { options: { tagId: 'GTM-TEST123' }, loads: 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123' },
  heap: { options: { appId: '1234567890' }, loads: 'https://cdn.heapanalytics.com/js/heap-1234567890.js' },
  hightouch: { options: { writeKey: 'abcdef0123456789', apiHost: 'https://us-east-1.hightouch-events.com/' }, loads: 'https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js' },
  hotjar: { options: { hjid: 1234567, hjsv: 6 }, loads: 'https://static.hotjar.com/c/hotjar-1234567.js?sv=6' },
  koala: { options: { publicApiKey: 'pk_koala1' }, loads: 'https://cdn.getkoala.com/v1/pk_koala1/sdk.js' },
  logrocket: { options: { appId: 'acme/docs' }, loads: 'https://cdn.logr-in.com/LogRocket.min.js' },
  mixpanel: { options: { projectToken: '0123456789abcdef0123456789abcdef', region: 'eu' }, loads: 'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js' },
  pirsch: { options: { id: 'pirschCode123' }, loads: 'https://api.pirsch.io/pa.js' },
  plausible: { options: { domain: 'docs.example.com' }, loads: 'https://plausible.io/js/script.manual.js' },
  posthog: { options: { apiKey: 'phc_abcdefghijk123', apiHost: 'https://eu.i.posthog.com' }, loads: 'https://eu-assets.i.posthog.com/static/array.js' },
  segment: { options: { key: 'SegmentWriteKey123' }, loads: 'https://cdn.segment.com/analytics.js/v1/SegmentWriteKey123/analytics.min.js' },
};

test('should support at least twelve providers, all with a fixture here', () => {
  assert.ok(analyticsProviderNames.length >= 12);
  assert.equal([...analyticsProviderNames], Object.keys(providerFixtures).sort());
});

test('should load nothing when no provider is configured', () => {
  assert.equal(analyticsScripts({}), { head: '', body: '', messages: [], providers: [] });
  assert.equal(analyticsScripts(undefined).head, '');
  assert.equal(analyticsScripts({ integrations: { intercom: { appId: 'abcdef' }, cookies: { key: 'k' } } }).providers, []);
});

test('should load each provider alone, and only that provider', () => {
  for (const [name, fixture] of Object.entries(providerFixtures)) {
    const result = analyticsScripts({ analytics: { [name]: fixture.options } });
    assert.equal(result.providers, [name], name);
    assert.equal(result.messages, [], name);
    assert.ok(result.head.includes(fixture.loads) || result.head.includes(JSON.stringify(fixture.loads)), `${name} loads ${fixture.loads}`);
    for (const [other, otherFixture] of Object.entries(providerFixtures)) {
      if (otherFixture.loads !== fixture.loads && other !== name) assert.not.ok(result.head.includes(otherFixture.loads), `${name} does not load ${other}`);
    }
  }
});

test('should load several providers at once, from `analytics` and `integrations`', () => {
  const result = analyticsScripts({
    analytics: { posthog: { apiKey: 'phc_abcdefghijk123' }, plausible: { domain: 'docs.example.com' }, ga4: { measurementId: 'G-TEST12345' } },
    integrations: { segment: { key: 'SegmentWriteKey123' }, ga4: { measurementId: 'G-IGNORED999' } },
  });
  assert.equal(result.providers, ['posthog', 'plausible', 'ga4', 'segment']);
  // `analytics` wins over `integrations` field by field.
  assert.match(result.head, 'gtag/js?id=G-TEST12345');
  assert.not.match(result.head, 'G-IGNORED999');
  assert.match(result.head, 'https://us-assets.i.posthog.com/static/array.js');
  assert.is(result.head.match(/w\.__dgNavigate=/g)?.length, 1);
});

test('should put the provider-specific settings where the scripts read them', () => {
  const head = (name: string, options: Record<string, unknown>): string => analyticsScripts({ analytics: { [name]: options } }).head;
  assert.match(head('plausible', { domain: 'https://docs.example.com/', server: 'stats.example.com' }), '<script defer data-domain="docs.example.com" src="https://stats.example.com/js/script.manual.js"></script>');
  assert.match(head('fathom', { siteId: 'ABCDEFGH' }), '<script defer src="https://cdn.usefathom.com/script.js" data-site="ABCDEFGH"></script>');
  assert.match(head('pirsch', { id: 'pirschCode123' }), 'id="pianjs" data-code="pirschCode123"');
  assert.match(head('mixpanel', { projectToken: '0123456789abcdef0123456789abcdef', region: 'eu' }), '"api_host":"https://api-eu.mixpanel.com"');
  assert.match(head('posthog', { apiKey: 'phc_abcdefghijk123', sessionRecording: true }), '"disable_session_recording":false');
  assert.match(head('posthog', { apiKey: 'phc_abcdefghijk123', apiHost: 'https://ph.example.com' }), '"https://ph.example.com/static/array.js"');
  assert.match(head('segment', { key: 'SegmentWriteKey123', cdnUrl: 'https://cdn.example.com' }), '"https://cdn.example.com/analytics.js/v1/SegmentWriteKey123/analytics.min.js"');
  assert.match(head('hightouch', { writeKey: 'abcdef0123456789', apiHost: 'us-east-1.hightouch-events.com' }), '{"apiHost":"us-east-1.hightouch-events.com"}');
  assert.match(head('gtm', { tagId: 'G-TEST12345' }), 'gtag/js?id=G-TEST12345');
  assert.match(analyticsScripts({ analytics: { gtm: { tagId: 'GTM-TEST123' } } }).body, '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-TEST123"');
});

test('should send a page view on `docsgen:navigate` for providers that do not watch history themselves', () => {
  for (const name of ['fathom', 'gtm', 'hightouch', 'mixpanel', 'plausible', 'posthog', 'segment']) {
    const head = analyticsScripts({ analytics: { [name]: providerFixtures[name]!.options } }).head;
    assert.match(head, /__dgNavigate\(function\(\)\{/, name);
  }
  assert.match(analyticsScripts({ analytics: { posthog: providerFixtures.posthog!.options } }).head, 'posthog.capture("$pageview")');
});

test('should refuse malformed options with a warning instead of writing them into the page', () => {
  const hostile = '"></script><script>alert(1)</script>';
  const result = analyticsScripts({
    analytics: {
      ga4: { measurementId: hostile },
      posthog: { apiKey: 'phc_abcdefghijk123', apiHost: 'javascript:alert(1)' },
      plausible: {},
      hotjar: { hjid: '1;alert(1)', hjsv: 6 },
      segment: { key: ['array'] },
      mixpanel: { projectToken: '0123456789abcdef', region: 'mars' },
      adobe: { launchUrl: 'http://assets.adobedtm.com/launch.js' },
      matomo: { siteId: 1 },
    },
    integrations: { gtm: { tagId: 'GTM-TEST123"' } },
  });
  assert.equal(result.providers, []);
  assert.is(result.head, '');
  assert.is(result.body, '');
  assert.equal(
    result.messages.map((message) => [message.ruleId, message.path, message.fatal, message.source]),
    [
      ['analytics-option-invalid', 'analytics.ga4.measurementId', false, '@docsgen/renderer'],
      ['analytics-option-invalid', 'analytics.posthog.apiHost', false, '@docsgen/renderer'],
      ['analytics-option-invalid', 'analytics.plausible.domain', false, '@docsgen/renderer'],
      ['analytics-option-invalid', 'analytics.hotjar.hjid', false, '@docsgen/renderer'],
      ['analytics-option-invalid', 'analytics.segment.key', false, '@docsgen/renderer'],
      ['analytics-option-invalid', 'analytics.mixpanel.region', false, '@docsgen/renderer'],
      ['analytics-option-invalid', 'analytics.adobe.launchUrl', false, '@docsgen/renderer'],
      ['analytics-provider-unknown', 'analytics.matomo', false, '@docsgen/renderer'],
      ['analytics-option-invalid', 'integrations.gtm.tagId', false, '@docsgen/renderer'],
    ],
  );
  assert.is(result.messages[0]!.reason, 'Unexpected `"></script><script>alert(1)</script>` in `analytics.ga4.measurementId`, expected a measurement id such as `G-ABC123DEF4`');
  assert.is(result.messages[2]!.reason, 'Missing `domain` in `analytics.plausible`, expected the site domain without `https://`, such as `docs.example.com`');
});

test('should keep every script closed exactly where it starts', () => {
  const all = Object.fromEntries(Object.entries(providerFixtures).map(([name, fixture]) => [name, fixture.options]));
  const { head } = analyticsScripts({ analytics: all });
  assert.is(head.match(/<script\b/g)?.length, head.match(/<\/script>/g)?.length);
  // Inline code is a function per provider: no helper leaks into `window` by a bare `var`.
  for (const code of head.matchAll(/<script>([\s\S]*?)<\/script>/g)) assert.match(code[1]!, /^\(function\((?:w,d)?\)\{/);
});

test.run();
