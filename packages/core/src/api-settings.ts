import type { ResolvedDocsConfig } from '@docsgen/config';
import type { ApiPageModel, AsyncApiPageModel } from '@docsgen/openapi-pages';
import type { PlaygroundSettings } from '@docsgen/renderer';
import { proxyRoute } from './api-proxy/proxy-functions.js';

// What docs.json's `api` field says, read into the shapes the API reference uses: try-it
// settings, viewer, parameter display, example languages, base URLs and the origins the try-it
// proxy may reach. Pure: config in, settings out.

/**
 * docs.json `api.playground` and `api.auth` (`api.mdx.auth` too), with docsgen's defaults.
 * `api.playground.proxy` not written is `true` where the site serves the proxy
 * (`options.canProxy`: `docsgen dev`, a build whose adapter runs functions), as the hosted
 * platform's default is, and `false` on a static host, where requests go straight to the API.
 */
export function playgroundSettings(config: ResolvedDocsConfig | undefined, options?: { canProxy?: boolean | undefined } | null): PlaygroundSettings {
  const api = (config?.api ?? {}) as {
    playground?: { mode?: unknown; display?: unknown; proxy?: unknown; credentials?: unknown };
    examples?: { prefill?: unknown };
    url?: unknown;
    auth?: { method?: unknown; name?: unknown };
    mdx?: { auth?: { method?: unknown; name?: unknown } };
  };
  const mode = playgroundMode(api.playground?.mode ?? api.playground?.display) ?? 'interactive';
  const auth = api.auth ?? api.mdx?.auth ?? {};
  const method = auth.method === 'bearer' || auth.method === 'basic' || auth.method === 'key' ? auth.method : 'none';
  return {
    mode,
    proxy: typeof api.playground?.proxy === 'boolean' ? api.playground.proxy : options?.canProxy === true,
    proxyUrl: proxyRoute,
    auth: { method, name: typeof auth.name === 'string' && auth.name.trim() !== '' ? auth.name.trim() : undefined },
    credentials: api.playground?.credentials === true,
    prefill: api.examples?.prefill === true,
    isFullUrlShown: api.url === 'full',
  };
}

/**
 * A try-it mode as written in docs.json `api.playground` or a page's frontmatter `playground`:
 * `interactive`, `simple`, `hide`, and the hosted platform's `none` (as `hide`) and `auth`
 * (as `interactive`: docsgen has no signed-in readers); `undefined` for anything else.
 */
export function playgroundMode(value: unknown): PlaygroundSettings['mode'] | undefined {
  if (value === 'interactive' || value === 'auth') return 'interactive';
  if (value === 'simple') return 'simple';
  return value === 'hide' || value === 'none' ? 'hide' : undefined;
}

/** docs.json `api.viewer`: the viewer of generated operation pages (default: docsgen's own). */
export function viewerOf(config: ResolvedDocsConfig | undefined): 'docsgen' | 'viewer-a' | 'viewer-b' | 'viewer-c' {
  const written = (config?.api as { viewer?: unknown } | undefined)?.viewer;
  return written === 'viewer-a' || written === 'viewer-b' || written === 'viewer-c' ? written : 'docsgen';
}

/** docs.json `api.params.expanded` is `all`: nested parameters start open. */
export function isExpandingParameters(config: ResolvedDocsConfig | undefined): boolean {
  return (config?.api as { params?: { expanded?: unknown } } | undefined)?.params?.expanded === 'all';
}

/** docs.json `api.params.post`: the extension keys (`x-…`) listed, once each, in order. */
export function parameterPillsOf(config: ResolvedDocsConfig | undefined): string[] {
  const post = (config?.api as { params?: { post?: unknown } } | undefined)?.params?.post;
  return Array.isArray(post) ? [...new Set(post.filter((key): key is string => typeof key === 'string' && key.startsWith('x-')))] : [];
}

// Names docs.json may give a generated sample's language, by the language of the sample.
const sampleLanguages: Record<string, string> = { bash: 'bash', curl: 'bash', sh: 'bash', shell: 'bash', javascript: 'javascript', js: 'javascript', node: 'javascript', fetch: 'javascript', python: 'python', py: 'python', go: 'go', golang: 'go' };

/**
 * docs.json `api.examples`: `languages` picks the generated code samples and their order
 * (after the spec's own `x-codeSamples`, which always stay); `autogenerate: false` keeps only
 * the spec's own.
 */
export function applyExampleSettings(
  models: Array<ApiPageModel | AsyncApiPageModel>,
  config: ResolvedDocsConfig | undefined,
  whenReferenceBuilt: (page: ApiPageModel, apply: (page: ApiPageModel) => void) => void = (page, apply) => apply(page),
): void {
  const examples = (config?.api as { examples?: { languages?: unknown; autogenerate?: unknown } } | undefined)?.examples;
  const languages = Array.isArray(examples?.languages)
    ? examples.languages.flatMap((name) => (typeof name === 'string' && sampleLanguages[name.trim().toLowerCase()] ? [sampleLanguages[name.trim().toLowerCase()] as string] : []))
    : undefined;
  if (examples?.autogenerate !== false && languages === undefined) return;
  for (const model of models) {
    if (!('codeSamples' in model)) continue;
    // A deferred page's samples are chosen once it is built, not by building it now.
    whenReferenceBuilt(model, (page) => {
      const own = page.codeSamples.filter((sample) => !sample.isGenerated);
      const generated = examples?.autogenerate === false ? [] : (languages ?? []).flatMap((language) => page.codeSamples.filter((sample) => sample.isGenerated && sample.lang === language));
      page.codeSamples = [...own, ...new Set(generated)];
    });
  }
}

/** docs.json `api.baseUrl` as a list (it may be one URL or several). */
export function baseUrlsOf(config: ResolvedDocsConfig | undefined): string[] {
  const value = (config?.api as { baseUrl?: unknown } | undefined)?.baseUrl;
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is string => typeof item === 'string');
}

/**
 * Origins the try-it proxy may reach, sorted: those of the operations' base URLs and servers,
 * and of `api.baseUrl` (`https://api.example.com`); only http(s).
 */
export function proxyOrigins(models: Iterable<Pick<ApiPageModel, 'baseUrls' | 'servers'> | AsyncApiPageModel>, config: ResolvedDocsConfig | undefined): string[] {
  const origins = new Set<string>();
  for (const model of models) {
    if (!('baseUrls' in model)) continue;
    for (const url of [...model.baseUrls, ...model.servers.map((server) => server.url)]) {
      const origin = originOf(url);
      if (origin) origins.add(origin);
    }
  }
  for (const url of baseUrlsOf(config)) {
    const origin = originOf(url);
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** docs.json `api.examples.defaults`: which parameters generated samples show (default: `'all'`). */
export function exampleParametersOf(config: ResolvedDocsConfig | undefined): 'all' | 'required' {
  return (config?.api as { examples?: { defaults?: unknown } } | undefined)?.examples?.defaults === 'required' ? 'required' : 'all';
}
