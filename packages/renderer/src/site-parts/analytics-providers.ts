import { escapeHtml } from '@docsgen/util/escape-html';
import { serializeJsonForScript as json } from '../serialize-json-for-script.js';

// One entry per analytics provider docsgen loads (SPEC analytics; keys and option shapes from
// COMPAT 1.2). Every option is checked against a strict pattern before it reaches the page,
// and enters scripts only as JSON from `serializeJsonForScript`, attributes only escaped.
//
// Page views: every provider counts the first view of a page by itself when its script
// loads. For views after a client-side navigation, `nav` lists the call docsgen makes when
// the layout dispatches `docsgen:navigate`; providers without `nav` watch the History API
// themselves by default (Google Analytics 4 enhanced measurement, Amplitude's
// `trackHistoryChanges`, Clarity, Heap, Hotjar, LogRocket, Pirsch, Koala), so a second call
// would count each view twice.

export interface ProviderField {
  /** Strict shape of the value; anything else is refused with a warning. */
  pattern: RegExp;
  /** What was expected, for the warning: "a measurement id such as `G-ABC123`". */
  expected: string;
  required: boolean;
  /** Tidies a value before it is checked (strip `https://` from hosts); default: `String`. */
  normalize?: (value: unknown) => string;
}

export interface AnalyticsProvider {
  /** Product name for docs and messages. */
  name: string;
  fields: Record<string, ProviderField>;
  /** HTML for `<head>` from checked values. */
  head: (values: Record<string, string>) => string;
  /** HTML for the end of `<body>` (default: none). */
  body?: (values: Record<string, string>) => string;
}

const alnumId = (min: number, max: number): RegExp => new RegExp(`^[A-Za-z0-9]{${min},${max}}$`);
const hostname = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::\d{1,5})?$/;
// An https origin with an optional path: no credentials, query, fragment, quotes or spaces.
const httpsBase = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~%/-]*)?$/;
const stripScheme = (value: unknown): string => String(value).trim().replace(/^https?:\/\//i, '').replace(/\/+$/, '');
const trimmed = (value: unknown): string => String(value).trim();
const withoutSlash = (value: unknown): string => String(value).trim().replace(/\/+$/, '');

const script = (src: string, attributes = ''): string => `<script async src="${escapeHtml(src)}"${attributes}></script>`;
// Each snippet runs in its own function so its helpers do not leak into `window`.
const inline = (code: string): string => `<script>(function(){${code}})();</script>`;
/** The providers' own command-queue snippet: `target[m](…)` pushes `[m, …args]` until the library replaces `target`. */
const queueStub = (target: string, methods: string[]): string =>
  `${json(methods)}.forEach(function(k){${target}[k]=${target}[k]||function(){${target}.push([k].concat([].slice.call(arguments)))}});`;

export const analyticsProviders: Record<string, AnalyticsProvider> = {
  adobe: {
    name: 'Adobe Analytics',
    fields: {
      launchUrl: { pattern: /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?\/[A-Za-z0-9._~%/-]+\.js$/, expected: 'an https URL of the Adobe Launch script ending in `.js`', required: true, normalize: trimmed },
    },
    head: (v) => script(v.launchUrl!),
  },
  amplitude: {
    name: 'Amplitude',
    fields: { apiKey: { pattern: alnumId(8, 64), expected: 'an Amplitude API key (letters and digits)', required: true, normalize: trimmed } },
    head: (v) =>
      inline(
        `__dgLoad(${json(`https://cdn.amplitude.com/script/${v.apiKey}.js`)},{},function(){window.amplitude&&amplitude.init(${json(v.apiKey)},` +
          '{autocapture:{pageViews:{trackHistoryChanges:"pathOnly"}}})});',
      ),
  },
  clarity: {
    name: 'Microsoft Clarity',
    fields: { projectId: { pattern: alnumId(4, 32), expected: 'a Clarity project id (letters and digits)', required: true, normalize: trimmed } },
    head: (v) =>
      inline(`window.clarity=window.clarity||function(){(clarity.q=clarity.q||[]).push(arguments)};__dgLoad(${json(`https://www.clarity.ms/tag/${v.projectId}`)});`),
  },
  clearbit: {
    name: 'Clearbit',
    fields: { publicApiKey: { pattern: /^pk_[A-Za-z0-9]{4,64}$/, expected: 'a Clearbit publishable key starting with `pk_`', required: true, normalize: trimmed } },
    head: (v) => script(`https://tag.clearbitscripts.com/v1/${v.publicApiKey}/tags.js`, ' referrerpolicy="strict-origin-when-cross-origin"'),
  },
  fathom: {
    name: 'Fathom',
    fields: { siteId: { pattern: alnumId(4, 32), expected: 'a Fathom site id (letters and digits)', required: true, normalize: trimmed } },
    head: (v) =>
      `<script defer src="https://cdn.usefathom.com/script.js" data-site="${escapeHtml(v.siteId!)}"></script>` +
      inline('__dgNavigate(function(){window.fathom&&fathom.trackPageview()});'),
  },
  ga4: {
    name: 'Google Analytics 4',
    fields: { measurementId: { pattern: /^G-[A-Z0-9]{4,20}$/, expected: 'a measurement id such as `G-ABC123DEF4`', required: true, normalize: trimmed } },
    head: (v) => gtag(v.measurementId!),
  },
  gtm: {
    name: 'Google Tag Manager',
    fields: { tagId: { pattern: /^(?:GTM|G)-[A-Z0-9]{4,20}$/, expected: 'a container id such as `GTM-ABC1234`', required: true, normalize: trimmed } },
    head: (v) =>
      // COMPAT 1.2: the platform takes Google tag ids (`G-…`) here too; those load gtag.js.
      v.tagId!.startsWith('G-')
        ? gtag(v.tagId!)
        : inline(
            'window.dataLayer=window.dataLayer||[];dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});' +
              `__dgLoad(${json(`https://www.googletagmanager.com/gtm.js?id=${v.tagId}`)});` +
              '__dgNavigate(function(){dataLayer.push({event:"page_view",page_location:location.href,page_path:location.pathname,page_title:document.title})});',
          ),
    body: (v) =>
      v.tagId!.startsWith('G-')
        ? ''
        : `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${escapeHtml(v.tagId!)}" height="0" width="0" style="display:none;visibility:hidden" title="Google Tag Manager"></iframe></noscript>`,
  },
  heap: {
    name: 'Heap',
    fields: { appId: { pattern: /^\d{1,20}$/, expected: 'a Heap app id (digits)', required: true, normalize: trimmed } },
    head: (v) =>
      inline(
        `window.heap=window.heap||[];heap.appid=${json(v.appId)};heap.config={};` +
          queueStub('heap', ['track', 'identify', 'resetIdentity', 'addUserProperties', 'addEventProperties', 'removeEventProperty', 'clearEventProperties']) +
          `__dgLoad(${json(`https://cdn.heapanalytics.com/js/heap-${v.appId}.js`)});`,
      ),
  },
  hightouch: {
    name: 'Hightouch',
    fields: {
      writeKey: { pattern: alnumId(8, 128), expected: 'a Hightouch write key (letters and digits)', required: true, normalize: trimmed },
      apiHost: { pattern: hostname, expected: 'a host name without `https://`, such as `us-east-1.hightouch-events.com`', required: false, normalize: stripScheme },
    },
    head: (v) => segmentLike('htevents', v.writeKey!, 'https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js', v.apiHost ? { apiHost: v.apiHost } : {}),
  },
  hotjar: {
    name: 'Hotjar',
    fields: {
      hjid: { pattern: /^\d{1,12}$/, expected: 'a Hotjar site id (digits)', required: true, normalize: trimmed },
      hjsv: { pattern: /^\d{1,3}$/, expected: 'a Hotjar snippet version (digits, usually `6`)', required: true, normalize: trimmed },
    },
    head: (v) =>
      inline(
        `window.hj=window.hj||function(){(hj.q=hj.q||[]).push(arguments)};window._hjSettings={hjid:${Number(v.hjid)},hjsv:${Number(v.hjsv)}};` +
          `__dgLoad(${json(`https://static.hotjar.com/c/hotjar-${v.hjid}.js?sv=${v.hjsv}`)});`,
      ),
  },
  koala: {
    name: 'Koala',
    fields: { publicApiKey: { pattern: /^[A-Za-z0-9_-]{2,64}$/, expected: 'a Koala public API key', required: true, normalize: trimmed } },
    head: (v) =>
      inline(`window.ko=window.ko||[];${queueStub('ko', ['identify', 'track', 'removeListeners', 'open', 'on', 'off', 'qualify', 'ready'])}__dgLoad(${json(`https://cdn.getkoala.com/v1/${v.publicApiKey}/sdk.js`)});`),
  },
  logrocket: {
    name: 'LogRocket',
    fields: { appId: { pattern: /^[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}$/, expected: 'a LogRocket app id such as `org/app`', required: true, normalize: trimmed } },
    head: (v) =>
      inline(`__dgLoad("https://cdn.logr-in.com/LogRocket.min.js",{crossorigin:"anonymous"},function(){window.LogRocket&&LogRocket.init(${json(v.appId)})});`),
  },
  mixpanel: {
    name: 'Mixpanel',
    fields: {
      projectToken: { pattern: alnumId(8, 64), expected: 'a Mixpanel project token (letters and digits)', required: true, normalize: trimmed },
      region: { pattern: /^(?:us|eu|in)$/, expected: '`us`, `eu` or `in`', required: false, normalize: trimmed },
    },
    head: (v) => {
      const options: Record<string, unknown> = { track_pageview: true, persistence: 'localStorage' };
      if (v.region === 'eu' || v.region === 'in') options.api_host = `https://api-${v.region}.mixpanel.com`;
      return inline(
        'var m=window.mixpanel=window.mixpanel||[];if(!m.__SV){m._i=[];' +
          queueStub('m', ['track', 'track_pageview', 'identify', 'register', 'register_once', 'unregister', 'alias', 'reset', 'time_event', 'opt_in_tracking', 'opt_out_tracking']) +
          'm.init=function(t,c,n){m._i.push([t,c,n])};m.__SV=1.2;' +
          `m.init(${json(v.projectToken)},${json(options)});__dgLoad("https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js")}` +
          '__dgNavigate(function(){mixpanel.track_pageview()});',
      );
    },
  },
  pirsch: {
    name: 'Pirsch',
    fields: { id: { pattern: alnumId(8, 64), expected: 'a Pirsch identification code (letters and digits)', required: true, normalize: trimmed } },
    // pa.js finds its settings through the `pianjs` id.
    head: (v) => `<script defer src="https://api.pirsch.io/pa.js" id="pianjs" data-code="${escapeHtml(v.id!)}"></script>`,
  },
  posthog: {
    name: 'PostHog',
    fields: {
      apiKey: { pattern: /^phc_[A-Za-z0-9_-]{8,128}$/, expected: 'a project API key starting with `phc_`', required: true, normalize: trimmed },
      apiHost: { pattern: httpsBase, expected: 'the https URL of the PostHog instance, such as `https://eu.i.posthog.com`', required: false, normalize: withoutSlash },
      sessionRecording: { pattern: /^(?:true|false)$/, expected: '`true` or `false`', required: false },
    },
    head: (v) => {
      const host = v.apiHost ?? 'https://us.i.posthog.com';
      // PostHog cloud serves its library from the `-assets` twin of the ingestion host.
      const library = `${host.replace('.i.posthog.com', '-assets.i.posthog.com')}/static/array.js`;
      const options = { api_host: host, capture_pageview: true, disable_session_recording: v.sessionRecording !== 'true' };
      return inline(
        'var p=window.posthog=window.posthog||[];if(!p.__SV){p._i=[];' +
          queueStub('p', ['capture', 'identify', 'alias', 'register', 'register_once', 'unregister', 'reset', 'group', 'opt_in_capturing', 'opt_out_capturing']) +
          'p.init=function(k,o,n){p._i.push([k,o,n])};p.__SV=1;' +
          `p.init(${json(v.apiKey)},${json(options)});__dgLoad(${json(library)},{crossorigin:"anonymous"})}` +
          '__dgNavigate(function(){posthog.capture("$pageview")});',
      );
    },
  },
  plausible: {
    name: 'Plausible',
    fields: {
      domain: { pattern: /^[A-Za-z0-9.-]{1,253}(?:,[A-Za-z0-9.-]{1,253})*$/, expected: 'the site domain without `https://`, such as `docs.example.com`', required: true, normalize: stripScheme },
      server: { pattern: hostname, expected: 'the host of a self-hosted Plausible without `https://`', required: false, normalize: stripScheme },
    },
    head: (v) =>
      // The manual script sends only the views docsgen asks for, so navigations count once.
      `<script defer data-domain="${escapeHtml(v.domain!)}" src="${escapeHtml(`https://${v.server ?? 'plausible.io'}/js/script.manual.js`)}"></script>` +
      inline('window.plausible=window.plausible||function(){(plausible.q=plausible.q||[]).push(arguments)};plausible("pageview");__dgNavigate(function(){plausible("pageview")});'),
  },
  segment: {
    name: 'Segment',
    fields: {
      key: { pattern: alnumId(8, 64), expected: 'a Segment write key (letters and digits)', required: true, normalize: trimmed },
      cdnUrl: { pattern: httpsBase, expected: 'an https URL without query or fragment', required: false, normalize: withoutSlash },
    },
    head: (v) => segmentLike('analytics', v.key!, `${v.cdnUrl ?? 'https://cdn.segment.com'}/analytics.js/v1/${v.key}/analytics.min.js`, undefined, v.cdnUrl),
  },
};

function gtag(id: string): string {
  return (
    script(`https://www.googletagmanager.com/gtag/js?id=${id}`) +
    inline(`window.dataLayer=window.dataLayer||[];window.gtag=window.gtag||function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",${json(id)});`)
  );
}

/** Segment's analytics.js buffer (also Hightouch's fork): calls queue until the library loads. */
function segmentLike(global: string, key: string, library: string, loadOptions?: Record<string, unknown>, cdn?: string): string {
  const methods = ['page', 'track', 'identify', 'group', 'alias', 'reset', 'ready', 'on', 'off', 'once', 'debug', 'screen', 'trackLink', 'trackForm', 'setAnonymousId', 'addSourceMiddleware'];
  return inline(
    `var a=window[${json(global)}]=window[${json(global)}]||[];if(!a.initialize&&!a.invoked){a.invoked=!0;` +
      queueStub('a', methods) +
      `a._writeKey=${json(key)};a.SNIPPET_VERSION="5.2.1";` +
      (loadOptions ? `a._loadOptions=${json(loadOptions)};` : '') +
      (cdn ? `a._cdn=${json(cdn)};` : '') +
      `__dgLoad(${json(library)});a.page()}` +
      `__dgNavigate(function(){window[${json(global)}].page()});`,
  );
}
