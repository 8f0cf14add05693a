// The site parts (banner, "Copy page" menu, analytics) in real Chromium: a minimal document
// assembled from the renderer's functions, served by a tiny server on a real port. It checks the
// parts' own scripts; e2e/contextual-menu.test.ts drives the menu on pages the real layout makes
// (this document, without the layout's wrapper, let a menu bound twice pass here unseen). The
// machine is offline, so every request to another host is intercepted: answered with an
// empty script, or with a stand-in that records the calls a provider's library would get.
import {
  analyticsScripts,
  bannerHeadScript,
  rendererAssets,
  renderBanner,
  renderContextualMenu,
  renderFooter,
  sitePartAssetFiles,
  sitePartAssetTags,
} from '@docsgen/renderer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser } from './browser.js';

interface SiteConfig {
  banner?: { content: string; dismissible?: boolean; id?: string; type?: string };
  contextual?: { options?: string[] };
  analytics?: Record<string, unknown>;
  integrations?: Record<string, unknown>;
}

const twin = '# Setup\n\nInstall with `npm i docsgen` — and *enjoy*.\n';
const assets: Record<string, [string, string]> = {
  '/assets/content.css': [rendererAssets.contentCss, 'text/css'],
  '/assets/site-parts.css': [sitePartAssetFiles['site-parts.css']!, 'text/css'],
  '/assets/site-parts.js': [sitePartAssetFiles['site-parts.js']!, 'text/javascript'],
};

function documentFor(config: SiteConfig, slug: string): string {
  const analytics = analyticsScripts(config);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Setup</title>' +
    '<link rel="stylesheet" href="/assets/content.css">' +
    sitePartAssetTags('/assets') +
    bannerHeadScript(config) +
    analytics.head +
    `</head><body>${renderBanner(config.banner)}<main class="dg-content"><h1>Setup</h1>` +
    renderContextualMenu({ config, slug }) +
    '<p>Install it.</p></main>' +
    renderFooter({ config: { footer: { socials: { github: 'https://github.com/acme' } } }, page: { relativePath: `${slug}.mdx` } }) +
    `${analytics.body}</body></html>`
  );
}

type Context = { server: Server; base: string; context: BrowserContext; close: () => Promise<void>; config: SiteConfig; external: string[] };
const browser = suite<Context>('site parts in Chromium');

browser.before(async (context) => {
  context.config = {};
  context.external = [];
  context.server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost').pathname;
    const asset = assets[url];
    if (asset) {
      response.writeHead(200, { 'Content-Type': asset[1] }).end(readFileSync(asset[0]));
    } else if (url === '/guides/setup.md') {
      response.writeHead(200, { 'Content-Type': 'text/markdown; charset=utf-8' }).end(twin);
    } else if (url === '/guides/setup' || url === '/other') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(documentFor(context.config, 'guides/setup'));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.base = `http://127.0.0.1:${(context.server.address() as AddressInfo).port}`;
  const launched = await launchBrowser();
  context.context = launched.context;
  context.close = launched.close;
  // Offline: nothing may leave the machine. Stand-ins for the libraries whose calls we check.
  await context.context.route('**/*', (route: Route) => {
    const url = route.request().url();
    if (url.startsWith(context.base)) return route.continue();
    context.external.push(url);
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: standIns.find(([prefix]) => url.startsWith(prefix))?.[1] ?? '' });
  });
});

browser.after(async (context) => {
  await context.close?.();
  await new Promise((resolve) => context.server?.close(resolve));
});

const record = 'function(){(window.__calls=window.__calls||[]).push([].slice.call(arguments))}';
const standIns: [string, string][] = [
  ['https://cdn.amplitude.com/', `window.amplitude={init:function(k,o){(${record})('amplitude.init',k,o)}};`],
  ['https://cdn.logr-in.com/', `window.LogRocket={init:function(id){(${record})('LogRocket.init',id)}};`],
  ['https://cdn.usefathom.com/', `window.fathom={trackPageview:function(){(${record})('fathom.trackPageview')}};`],
];

async function open(context: Context, path = '/guides/setup'): Promise<{ page: Page; errors: string[] }> {
  const page = await context.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${context.base}${path}`);
  await page.waitForLoadState('load');
  return { page, errors };
}

const bannerShown = (page: Page): Promise<boolean> => page.locator('.dg-banner').isVisible();

browser('should keep a dismissed banner closed across reloads, and show it again for a new banner.id', async (context) => {
  context.config = { banner: { content: 'Version **2** is out: [read more](/changelog)', dismissible: true, id: 'v2', type: 'success' } };
  const { page, errors } = await open(context);
  assert.ok(await bannerShown(page));
  assert.is(await page.locator('.dg-banner a').getAttribute('href'), '/changelog');
  await page.getByRole('button', { name: 'Dismiss announcement' }).click();
  assert.not.ok(await bannerShown(page));
  assert.ok(await page.evaluate(() => localStorage.getItem('docsgen:banner:v2') !== null));

  await page.reload();
  assert.not.ok(await bannerShown(page));
  await page.reload();
  assert.not.ok(await bannerShown(page));

  // SPEC states table: a changed id no longer matches the stored key, so the banner shows again.
  context.config = { banner: { ...context.config.banner!, id: 'v3' } };
  await page.reload();
  assert.ok(await bannerShown(page));
  await page.getByRole('button', { name: 'Dismiss announcement' }).click();
  // The old banner's key is cleaned up when the new one is dismissed.
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('docsgen:banner:'))), ['docsgen:banner:v3']);
  assert.equal(errors, []);
  await page.close();
});

browser('should never paint a dismissed banner, even before the client script runs', async (context) => {
  context.config = { banner: { content: 'Flash test', dismissible: true, id: 'flash' } };
  const { page } = await open(context);
  await page.getByRole('button', { name: 'Dismiss announcement' }).click();

  // Hold back site-parts.js: what the reader sees now comes from the head script alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route): Promise<void> => {
    await held;
    await route.continue();
  };
  await page.route('**/assets/site-parts.js', hold);
  await page.goto(`${context.base}/guides/setup`, { waitUntil: 'commit' });
  await page.waitForSelector('.dg-banner', { state: 'attached' });
  assert.is(await page.evaluate(() => getComputedStyle(document.querySelector('.dg-banner')!).display), 'none');
  assert.ok(await page.evaluate(() => document.documentElement.hasAttribute('data-dg-banner-dismissed')));
  release();
  await page.waitForLoadState('load');
  await page.unroute('**/assets/site-parts.js', hold);

  // A banner that was never dismissed is there from the start.
  context.config = { banner: { content: 'Other banner', dismissible: true, id: 'other' } };
  await page.goto(`${context.base}/guides/setup`, { waitUntil: 'commit' });
  await page.waitForSelector('.dg-banner', { state: 'attached' });
  assert.is.not(await page.evaluate(() => getComputedStyle(document.querySelector('.dg-banner')!).display), 'none');
  await page.close();
});

browser('should copy the twin Markdown and the twin URL with the menu, and drive it from the keyboard', async (context) => {
  context.config = {};
  await context.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: context.base });
  const { page, errors } = await open(context);
  await page.getByRole('button', { name: 'Copy page' }).click();
  await page.waitForSelector('.dg-contextual[data-copied="copy"]');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), twin);
  assert.is(await page.locator('.dg-contextual-copy .dg-contextual-label').textContent(), 'Copied');

  const toggle = page.getByRole('button', { name: 'More page actions' });
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.focus();
  await page.keyboard.press('ArrowDown');
  assert.is(await toggle.getAttribute('aria-expanded'), 'true');
  const items = page.getByRole('menuitem');
  assert.equal(await items.allTextContents(), [
    'Copy Markdown linkCopy the URL of the Markdown version',
    'View as MarkdownOpen this page as plain text',
    'Open in ChatGPTAsk questions about this page',
    'Open in ClaudeAsk questions about this page',
  ]);
  assert.ok(await items.nth(0).evaluate((element) => element === document.activeElement));
  await page.keyboard.press('ArrowDown');
  assert.ok(await items.nth(1).evaluate((element) => element === document.activeElement));
  await page.keyboard.press('End');
  assert.ok(await items.nth(3).evaluate((element) => element === document.activeElement));
  await page.keyboard.press('ArrowDown');
  assert.ok(await items.nth(0).evaluate((element) => element === document.activeElement));
  await page.keyboard.press('Escape');
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');
  assert.ok(await page.locator('.dg-contextual-menu').isHidden());
  assert.ok(await toggle.evaluate((element) => element === document.activeElement));

  // Without a configured site URL the client fills in the page's own origin.
  const twinUrl = `${context.base}/guides/setup.md`;
  assert.is(await page.locator('a[data-action="assistant-a"]').getAttribute('href'), `https://chatgpt.com/?hints=search&q=${encodeURIComponent(`Read ${twinUrl} so I can ask questions about it.`)}`);
  assert.is(await page.locator('a[data-action="assistant-b"]').getAttribute('href'), `https://claude.ai/new?q=${encodeURIComponent(`Read ${twinUrl} so I can ask questions about it.`)}`);

  await toggle.click();
  await page.getByRole('menuitem', { name: /Copy Markdown link/ }).click();
  await page.waitForSelector('.dg-contextual[data-copied="copy-url"]');
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), twinUrl);
  assert.is(await toggle.getAttribute('aria-expanded'), 'false');

  // "View as Markdown" opens the twin in a new tab.
  await toggle.click();
  const [popup] = await Promise.all([context.context.waitForEvent('page'), page.getByRole('menuitem', { name: /View as Markdown/ }).click()]);
  await popup.waitForLoadState();
  assert.is(popup.url(), twinUrl);
  assert.is(await popup.evaluate(() => document.body.innerText.trim()), twin.trim());
  await popup.close();
  assert.equal(errors, []);
  await page.close();
});

browser('should show only the configured menu options', async (context) => {
  context.config = { contextual: { options: ['view', 'claude'] } };
  const { page } = await open(context);
  assert.is(await page.locator('.dg-contextual-copy').count(), 0);
  await page.getByRole('button', { name: 'Page actions' }).click();
  assert.equal(await page.getByRole('menuitem').evaluateAll((items) => items.map((item) => item.getAttribute('data-action'))), ['view', 'assistant-b']);

  context.config = { contextual: { options: [] } };
  await page.reload();
  assert.is(await page.locator('.dg-contextual').count(), 0);
  await page.close();
});

// Every provider, the third-party URL its page view depends on, and what its API received.
const providers: Record<string, { options: Record<string, unknown>; request: string }> = {
  adobe: { options: { launchUrl: 'https://assets.adobedtm.com/abc/launch-123.min.js' }, request: 'https://assets.adobedtm.com/abc/launch-123.min.js' },
  amplitude: { options: { apiKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' }, request: 'https://cdn.amplitude.com/script/a1b2c3d4e5f60718293a4b5c6d7e8f90.js' },
  clarity: { options: { projectId: 'abc123xyz' }, request: 'https://www.clarity.ms/tag/abc123xyz' },
  clearbit: { options: { publicApiKey: 'pk_test123' }, request: 'https://tag.clearbitscripts.com/v1/pk_test123/tags.js' },
  fathom: { options: { siteId: 'ABCDEFGH' }, request: 'https://cdn.usefathom.com/script.js' },
  ga4: { options: { measurementId: 'G-TEST12345' }, request: 'https://www.googletagmanager.com/gtag/js?id=G-TEST12345' },
  gtm: { options: { tagId: 'GTM-TEST123' }, request: 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123' },
  heap: { options: { appId: '1234567890' }, request: 'https://cdn.heapanalytics.com/js/heap-1234567890.js' },
  hightouch: { options: { writeKey: 'abcdef0123456789' }, request: 'https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js' },
  hotjar: { options: { hjid: 1234567, hjsv: 6 }, request: 'https://static.hotjar.com/c/hotjar-1234567.js?sv=6' },
  koala: { options: { publicApiKey: 'pk_koala1' }, request: 'https://cdn.getkoala.com/v1/pk_koala1/sdk.js' },
  logrocket: { options: { appId: 'acme/docs' }, request: 'https://cdn.logr-in.com/LogRocket.min.js' },
  mixpanel: { options: { projectToken: '0123456789abcdef0123456789abcdef' }, request: 'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js' },
  pirsch: { options: { id: 'pirschCode123' }, request: 'https://api.pirsch.io/pa.js' },
  plausible: { options: { domain: 'docs.example.com' }, request: 'https://plausible.io/js/script.manual.js' },
  posthog: { options: { apiKey: 'phc_abcdefghijk123' }, request: 'https://us-assets.i.posthog.com/static/array.js' },
  segment: { options: { key: 'SegmentWriteKey123' }, request: 'https://cdn.segment.com/analytics.js/v1/SegmentWriteKey123/analytics.min.js' },
};

// Plain JavaScript text: tsx would add helpers (`__name`) to a compiled function that the page lacks.
const pageViewsScript = `(() => {
  const w = window;
  const calls = w.__calls || [];
  const count = (list, test) => (list ? Array.from(list).filter(test).length : 0);
  const first = (list) => (list && list[0]) || [];
  return {
    ga4Config: count(w.dataLayer, (entry) => entry[0] === 'config' && entry[1] === 'G-TEST12345'),
    gtmStart: count(w.dataLayer, (entry) => entry.event === 'gtm.js'),
    gtmPageView: count(w.dataLayer, (entry) => entry.event === 'page_view' && typeof entry.page_location === 'string'),
    posthogInit: first(w.posthog && w.posthog._i)[0],
    posthogCapturePageview: (first(w.posthog && w.posthog._i)[1] || {}).capture_pageview,
    posthogPageViews: count(w.posthog, (entry) => entry[0] === 'capture' && entry[1] === '$pageview'),
    plausiblePageViews: count(w.plausible && w.plausible.q, (entry) => entry[0] === 'pageview'),
    mixpanelInit: first(w.mixpanel && w.mixpanel._i)[0],
    mixpanelTrackPageview: (first(w.mixpanel && w.mixpanel._i)[1] || {}).track_pageview,
    mixpanelPageViews: count(w.mixpanel, (entry) => entry[0] === 'track_pageview'),
    segmentPages: count(w.analytics, (entry) => entry[0] === 'page'),
    segmentKey: w.analytics && w.analytics._writeKey,
    hightouchPages: count(w.htevents, (entry) => entry[0] === 'page'),
    fathomPageViews: count(calls, (entry) => entry[0] === 'fathom.trackPageview'),
    amplitudeInit: (calls.find((entry) => entry[0] === 'amplitude.init') || []).slice(1),
    logrocketInit: (calls.find((entry) => entry[0] === 'LogRocket.init') || [])[1],
    heapAppId: w.heap && w.heap.appid,
    hotjarSettings: w._hjSettings,
    pirschCode: document.querySelector('#pianjs')?.getAttribute('data-code'),
    fathomSite: document.querySelector('script[data-site]')?.getAttribute('data-site'),
    plausibleDomain: document.querySelector('script[data-domain]')?.getAttribute('data-domain'),
  };
})()`;

/** The page-view calls each provider's API has received so far, read from its queue or stand-in. */
function readPageViews(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(pageViewsScript);
}

browser('should fire every configured analytics provider on load and on client-side navigation', async (context) => {
  context.config = { analytics: Object.fromEntries(Object.entries(providers).map(([name, provider]) => [name, provider.options])) };
  context.external = [];
  const { page, errors } = await open(context);
  await page.waitForFunction('window.amplitude && window.LogRocket');
  for (const [name, provider] of Object.entries(providers)) {
    assert.ok(context.external.includes(provider.request), `${name} requested ${provider.request}; got:\n${context.external.join('\n')}`);
  }
  assert.equal(await readPageViews(page), {
    ga4Config: 1,
    gtmStart: 1,
    gtmPageView: 0,
    posthogInit: 'phc_abcdefghijk123',
    posthogCapturePageview: true,
    posthogPageViews: 0,
    plausiblePageViews: 1,
    mixpanelInit: '0123456789abcdef0123456789abcdef',
    mixpanelTrackPageview: true,
    mixpanelPageViews: 0,
    segmentPages: 1,
    segmentKey: 'SegmentWriteKey123',
    hightouchPages: 1,
    fathomPageViews: 0,
    amplitudeInit: ['a1b2c3d4e5f60718293a4b5c6d7e8f90', { autocapture: { pageViews: { trackHistoryChanges: 'pathOnly' } } }],
    logrocketInit: 'acme/docs',
    heapAppId: '1234567890',
    hotjarSettings: { hjid: 1234567, hjsv: 6 },
    pirschCode: 'pirschCode123',
    fathomSite: 'ABCDEFGH',
    plausibleDomain: 'docs.example.com',
  });

  // A client-side navigation as the layout announces it; bubbling from `document` to `window` counts once.
  await page.evaluate(() => {
    history.pushState({}, '', '/other');
    document.dispatchEvent(new CustomEvent('docsgen:navigate', { bubbles: true }));
  });
  const after = await readPageViews(page);
  assert.equal(
    [after.gtmPageView, after.posthogPageViews, after.plausiblePageViews, after.mixpanelPageViews, after.segmentPages, after.hightouchPages, after.fathomPageViews],
    [1, 1, 2, 1, 2, 2, 1],
  );
  assert.equal(errors, []);
  await page.close();
});

browser('should load only the configured providers', async (context) => {
  context.config = { integrations: { plausible: { domain: 'docs.example.com' }, intercom: { appId: 'abcdef' } } };
  context.external = [];
  const { page } = await open(context);
  assert.equal(context.external, ['https://plausible.io/js/script.manual.js']);
  context.config = {};
  context.external = [];
  await page.reload();
  assert.equal(context.external, []);
  await page.close();
});

browser('should have no serious or critical accessibility violations, with the menu open, in both modes', async (context) => {
  context.config = { banner: { content: 'Read the [notes](/changelog)', dismissible: true, id: 'axe', type: 'warning' } };
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const { page } = await open(context);
  await page.getByRole('button', { name: 'More page actions' }).click();
  for (const theme of ['light', 'dark']) {
    await page.evaluate(`document.documentElement.setAttribute('data-theme', ${JSON.stringify(theme)})`);
    await page.addScriptTag({ content: axe });
    const violations = (await page.evaluate(
      `axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
    )) as string[];
    assert.equal(violations, [], theme);
  }
  await page.close();
});

browser.run();
