import { analyticsProviders } from './analytics-providers.js';

/** A problem with the analytics configuration; the same shape as `DocsgenMessage` of `@docsgen/config`. */
export interface SitePartsMessage {
  reason: string;
  ruleId: string;
  source: string;
  fatal: boolean;
  /** JSON path inside docs.json, e.g. `analytics.ga4.measurementId`. */
  path?: string | undefined;
  actual?: string | undefined;
  expected?: string[] | undefined;
  note?: string | undefined;
}

export interface AnalyticsScripts {
  /** Trusted HTML for the end of `<head>`: `''` when no provider is configured. */
  head: string;
  /** Trusted HTML for the end of `<body>` (Google Tag Manager's `<noscript>` frame). */
  body: string;
  /** Providers left out: unknown keys, missing or malformed options (warnings). */
  messages: SitePartsMessage[];
  /** docs.json keys of the providers that load, in order. */
  providers: string[];
}

/** docs.json keys of every analytics provider docsgen loads. */
export const analyticsProviderNames: readonly string[] = Object.freeze(Object.keys(analyticsProviders).sort());

// Helpers every snippet uses: `__dgLoad(src, attributes, onload)` adds an async script;
// `__dgNavigate(fn)` runs `fn` on each `docsgen:navigate` event, which the layout dispatches
// on `document` (or `window`) after a client-side navigation has changed the URL. An event
// that bubbles from `document` to `window` counts once.
const prelude =
  '<script>(function(w,d){if(w.__dgNavigate)return;var h=[],last;' +
  'function run(e){if(e===last)return;last=e;for(var i=0;i<h.length;i++){try{h[i]()}catch(x){}}}' +
  'w.addEventListener("docsgen:navigate",run);d.addEventListener("docsgen:navigate",run);' +
  'w.__dgNavigate=function(f){h.push(f)};' +
  'w.__dgLoad=function(src,attributes,onload){var s=d.createElement("script");s.async=true;s.src=src;' +
  'for(var k in attributes||{})s.setAttribute(k,attributes[k]);if(onload)s.onload=onload;d.head.appendChild(s)}' +
  '})(window,document);</script>';

/**
 * The scripts of every configured analytics provider, for the layout's `headEnd` and
 * `bodyEnd` slots. Providers come from `analytics` and, for projects written for the
 * hosted platform, from `integrations` (COMPAT 1.2; `analytics` wins field by field). Only
 * configured providers load; each fires a page view on load and after every
 * `docsgen:navigate` event. Option values are untrusted: each must match its provider's
 * strict pattern, or the provider is left out with an `analytics-option-invalid` warning.
 */
export function analyticsScripts(
  config: { analytics?: Record<string, unknown> | null | undefined; integrations?: Record<string, unknown> | null | undefined } | null | undefined,
): AnalyticsScripts {
  const messages: SitePartsMessage[] = [];
  const head: string[] = [];
  const body: string[] = [];
  const providers: string[] = [];
  const analytics = isObject(config?.analytics) ? config.analytics : {};
  const integrations = isObject(config?.integrations) ? config.integrations : {};
  const keys = [...new Set([...Object.keys(analytics), ...Object.keys(integrations).filter((key) => Object.hasOwn(analyticsProviders, key))])];

  for (const key of keys) {
    const section = Object.hasOwn(analytics, key) ? 'analytics' : 'integrations';
    const provider = Object.hasOwn(analyticsProviders, key) ? analyticsProviders[key] : undefined;
    if (!provider) {
      messages.push({
        reason: `Unexpected analytics provider \`${key}\` in \`analytics\`, expected one of ${analyticsProviderNames.map((name) => `\`${name}\``).join(', ')}`,
        ruleId: 'analytics-provider-unknown',
        source: '@docsgen/renderer',
        fatal: false,
        path: `analytics.${key}`,
        actual: key,
        expected: [...analyticsProviderNames],
        note: 'The provider is not loaded.',
      });
      continue;
    }
    const options = { ...(isObject(integrations[key]) ? integrations[key] : {}), ...(isObject(analytics[key]) ? analytics[key] : {}) };
    const values: Record<string, string> = {};
    let isValid = true;
    for (const [field, rule] of Object.entries(provider.fields)) {
      const raw = options[field];
      if (raw === undefined || raw === null || raw === '') {
        if (!rule.required) continue;
        messages.push(invalid(`${section}.${key}.${field}`, `Missing \`${field}\` in \`${section}.${key}\`, expected ${rule.expected}`, undefined, rule.expected, provider.name));
        isValid = false;
        continue;
      }
      const value = typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' ? (rule.normalize ?? String)(raw) : '';
      if (!rule.pattern.test(value)) {
        const shown = typeof raw === 'string' ? raw : JSON.stringify(raw) ?? String(raw);
        messages.push(invalid(`${section}.${key}.${field}`, `Unexpected \`${shown.slice(0, 80)}\` in \`${section}.${key}.${field}\`, expected ${rule.expected}`, shown, rule.expected, provider.name));
        isValid = false;
        continue;
      }
      values[field] = value;
    }
    if (!isValid) continue;
    providers.push(key);
    head.push(provider.head(values));
    const end = provider.body?.(values);
    if (end) body.push(end);
  }

  return { head: providers.length > 0 ? prelude + head.join('') : '', body: body.join(''), messages, providers };
}

function invalid(path: string, reason: string, actual: string | undefined, expected: string, name: string): SitePartsMessage {
  return {
    reason,
    ruleId: 'analytics-option-invalid',
    source: '@docsgen/renderer',
    fatal: false,
    path,
    actual,
    expected: [expected],
    note: `${name} is not loaded until the value is fixed.`,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
