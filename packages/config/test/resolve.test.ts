import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { DocsConfig } from '../src/generated/docs-config.js';
import { parseConfig } from '../src/parse-config.js';
import { resolveConfig, themeAliases } from '../src/resolve.js';
import { docsSchema } from '../src/schema.js';

const resolve = suite('resolve');

function minimal(extra: Record<string, unknown> = {}): DocsConfig {
  return { name: 'Docs', navigation: { pages: ['index'] }, ...extra } as DocsConfig;
}

resolve('should apply every top-level default declared in the schema', () => {
  const { config, messages } = resolveConfig(minimal());
  assert.equal(messages, []);
  const withDefaults = Object.entries(docsSchema.properties).filter(([, schema]) => 'default' in schema);
  assert.ok(withDefaults.length > 0);
  for (const [key, schema] of withDefaults) {
    assert.equal((config as unknown as Record<string, unknown>)[key], schema.default, key);
  }
});

resolve('should read a redirect source or destination written without its leading slash as a path from the root', () => {
  const redirects = [
    { source: 'features/old', destination: 'features/new' },
    { source: '/kept/:slug', destination: '/new/:slug', permanent: false },
    { source: 'blog/*', destination: 'https://example.com/blog' },
    { source: '/a', destination: '../b' },
    { source: '/c', destination: 'javascript:alert(1)' },
  ];
  const { config } = resolveConfig(minimal({ redirects }));
  assert.equal(config.redirects, [
    { source: '/features/old', destination: '/features/new', permanent: true },
    { source: '/kept/:slug', destination: '/new/:slug', permanent: false },
    { source: '/blog/*', destination: 'https://example.com/blog', permanent: true },
    // Left as written, for the redirect checks to refuse.
    { source: '/a', destination: '../b', permanent: true },
    { source: '/c', destination: 'javascript:alert(1)', permanent: true },
  ]);
  assert.is(redirects[0]!.source, 'features/old', 'the input is not changed');
});

resolve('should apply nested defaults, creating objects that have no required keys', () => {
  const { config } = resolveConfig(minimal());
  assert.is(config.errors['404']?.redirect, false);
  assert.is(config.appearance.default, 'system');
  assert.is(config.code.copyButton, true);
  assert.is(config.thumbnails.enabled, true);
  assert.is(config.icons.library, 'library-a');
  assert.is(config.api.playground?.mode, 'interactive');
  assert.equal(config.contextual.options, ['copy', 'copy-url', 'view', 'assistant-a', 'assistant-b']);
  assert.is(config.banner, undefined, 'banner requires `content`, so it is not created');
});

resolve('should read the platform\'s playground.display as the mode when mode is not written', () => {
  const mode = (playground: Record<string, unknown>) => resolveConfig(minimal({ api: { playground } } as never)).config.api.playground?.mode;
  assert.is(mode({ display: 'simple' }), 'simple');
  assert.is(mode({ display: 'none' }), 'hide');
  assert.is(mode({ display: 'auth' }), 'interactive');
  assert.is(mode({ display: 'simple', mode: 'hide' }), 'hide', '`mode` wins');
  assert.is(mode({ display: 'constructor' }), 'interactive', 'an unknown value is left to validation');
  assert.is(mode({}), 'interactive');
});

resolve('should apply defaults inside arrays and union branches', () => {
  const { config } = resolveConfig(
    minimal({
      navigation: { groups: [{ group: 'A', pages: ['a', { group: 'B', pages: [] }] }] },
      redirects: [{ source: '/a', destination: '/b' }],
      logo: { light: '/logo.svg' },
      styling: { codeblocks: { theme: 'nord' } },
    }),
  );
  const group = config.navigation.groups?.[0] as { hidden?: boolean; pages?: unknown[] } | undefined;
  assert.is(group?.hidden, false);
  assert.equal(group?.pages?.[1], { group: 'B', pages: [], hidden: false, expanded: false });
  assert.is(config.redirects?.[0]?.permanent, true);
  assert.equal(config.logo, { light: '/logo.svg', href: '/' });
  assert.equal(config.styling.codeblocks, { theme: 'nord', chrome: 'bar', copyButton: true });
});

resolve('should keep values the user wrote over defaults and not change the input', () => {
  const input = minimal({ appearance: { default: 'dark' }, errors: { 404: { redirect: true } } });
  const before = JSON.stringify(input);
  const { config } = resolveConfig(input);
  assert.is(config.appearance.default, 'dark');
  assert.is(config.appearance.strict, false);
  assert.is(config.errors['404']?.redirect, true);
  assert.is(JSON.stringify(input), before);
});

resolve('should keep shipped themes and resolve each platform alias to the theme with its look', () => {
  for (const name of ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma']) {
    const { config, messages } = resolveConfig(minimal({ theme: name }));
    assert.is(config.theme, name);
    assert.is(config.themeInput, name);
    assert.equal(messages, []);
  }
  assert.equal(themeAliases, { mint: 'base', willow: 'base', almond: 'base', sequoia: 'base', palm: 'base' });
  for (const [alias, theme] of Object.entries(themeAliases)) {
    const { config, messages } = resolveConfig(minimal({ theme: alias }));
    assert.equal([config.theme, config.themeInput, messages], [theme, alias, []]);
  }
});

resolve('should name every one of the platform\'s nine themes in the schema, as a theme or an alias', () => {
  const branches = (docsSchema.properties.theme as { anyOf: Array<{ enum?: string[] }> }).anyOf;
  const names = branches.flatMap((branch) => branch.enum ?? []);
  for (const platform of ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma']) assert.ok(names.includes(platform), platform);
  // An alias never names another alias or an unknown theme.
  for (const theme of Object.values(themeAliases)) assert.ok(names.includes(theme) && !Object.hasOwn(themeAliases, theme), theme);
});

resolve('should resolve unknown themes to `base` with a warning, suggesting a near name', () => {
  const far = resolveConfig(minimal({ theme: 'my-company-theme' }));
  assert.equal([far.config.theme, far.config.themeInput], ['base', 'my-company-theme']);
  assert.equal(
    far.messages.map((m) => [m.ruleId, m.fatal, m.reason, m.note]),
    [['unknown-theme', false, 'Unexpected `my-company-theme` in `theme`, using `base`', 'Use one of `base`, `pith`, `pip`, `readable`, `theme-e`, `maple`, `linden`, `aspen` or `luma`.']],
  );
  const near = resolveConfig(minimal({ theme: 'readible' }));
  assert.is(near.config.theme, 'base');
  assert.equal(
    near.messages.map((m) => [m.ruleId, m.fatal, m.reason, m.note]),
    [['unknown-theme', false, 'Unexpected `readible` in `theme`, using `base`', 'Did you mean `readable`?']],
  );
  const none = resolveConfig(minimal());
  assert.equal([none.config.theme, none.config.themeInput, none.messages], ['base', undefined, []]);
});

resolve('should place the `unknown-theme` warning at the theme value', () => {
  const parsed = parseConfig({
    file: '/p/docs.json',
    root: '/p',
    text: '{\n  "name": "Docs",\n  "theme": "pipp",\n  "navigation": {}\n}',
  });
  assert.equal(
    parsed.messages.map((m) => [m.file, m.line, m.column, m.ruleId, m.note]),
    [['/p/docs.json', 3, 12, 'unknown-theme', 'Did you mean `pip`?']],
  );
  assert.is(parsed.config?.theme, 'base');
});

resolve('should merge analytics given under `integrations` into `analytics`, `analytics` winning', () => {
  const { config } = resolveConfig(
    minimal({
      integrations: {
        ga4: { measurementId: 'G-FROM-INTEGRATIONS' },
        posthog: { apiKey: 'phc_integrations', apiHost: 'https://eu.posthog.com' },
        intercom: { appId: 'abcdef' },
      },
      analytics: { posthog: { apiKey: 'phc_analytics' }, plausible: { domain: 'docs.example.com' } },
    }),
  );
  assert.equal(config.analytics, {
    posthog: { apiKey: 'phc_analytics', apiHost: 'https://eu.posthog.com', sessionRecording: false },
    plausible: { domain: 'docs.example.com' },
    ga4: { measurementId: 'G-FROM-INTEGRATIONS' },
  });
  assert.equal(resolveConfig(minimal()).config.analytics, {});
});

resolve('should split `metadata.timestamp` from the meta tag entries', () => {
  const { config } = resolveConfig(minimal({ metadata: { timestamp: true, 'application-name': 'Docs' } }));
  assert.equal(config.metadata, { 'application-name': 'Docs' });
  assert.is(config.lastUpdated, true);
  assert.is(config.footer.lastUpdated, true);
  const plain = resolveConfig(minimal()).config;
  assert.equal([plain.metadata, plain.lastUpdated, plain.footer.lastUpdated], [{}, false, false]);
  const footerWins = resolveConfig(minimal({ metadata: { timestamp: true }, footer: { lastUpdated: false } })).config;
  assert.is(footerWins.lastUpdated, false);
});

resolve('should read the favicon in one shape, whichever form docs.json uses', () => {
  assert.equal(resolveConfig(minimal({ favicon: '/favicon.svg' })).config.favicon, { light: '/favicon.svg', dark: undefined });
  assert.equal(resolveConfig(minimal({ favicon: { light: 'a.png', dark: 'b.png' } })).config.favicon, { light: 'a.png', dark: 'b.png' });
  assert.is(resolveConfig(minimal()).config.favicon, undefined);
});

resolve('should take the code theme default from the schema field', () => {
  const { config } = resolveConfig(minimal());
  assert.equal(config.code.theme, { light: 'github-light', dark: 'github-dark' });
  assert.equal(config.codeBlocks, { mode: 'system', themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true, customLanguages: [] });
});

resolve('should read code blocks from either form of `styling.codeblocks`, over `code`', () => {
  const dark = resolveConfig(minimal({ styling: { codeblocks: 'dark' }, code: { theme: 'nord', copyButton: false } })).config.codeBlocks;
  assert.equal(dark, { mode: 'dark', themes: { light: 'nord', dark: 'nord' }, chrome: 'bar', copyButton: false, customLanguages: [] });
  const styled = resolveConfig(
    minimal({
      styling: { codeblocks: { theme: { light: 'min-light', dark: 'dracula' }, chrome: 'bare', copyButton: 'hover', languages: { custom: ['grammars/x.json'] } } },
      code: { theme: 'nord' },
    }),
  ).config.codeBlocks;
  assert.equal(styled, { mode: 'system', themes: { light: 'min-light', dark: 'dracula' }, chrome: 'bare', copyButton: 'hover', customLanguages: ['grammars/x.json'] });
  const themeOnly = resolveConfig(minimal({ styling: { codeblocks: { chrome: 'bare' } }, code: { theme: 'nord' } })).config.codeBlocks;
  assert.equal(themeOnly.themes, { light: 'nord', dark: 'nord' });
});

resolve.run();
