import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { docsSchema } from '../src/index.js';

const schema = suite('schema');

const root = fileURLToPath(new URL('../../../', import.meta.url));
const validate = new Ajv({ allErrors: true, strict: false }).compile(docsSchema);

type Json = Record<string, unknown>;

function errorsOf(config: unknown): ErrorObject[] {
  return validate(config) ? [] : [...(validate.errors ?? [])];
}

function isValid(config: unknown): boolean {
  return validate(config) === true;
}

/** A minimal valid config with `extra` merged in at the top level. */
function config(extra: Json): Json {
  return { name: 'Test', navigation: { pages: [] }, ...extra };
}

/** Sets `value` at a dotted path (`a.b.c`) inside a minimal config. */
function configWith(path: string, value: unknown): Json {
  const out = config({});
  const keys = path.split('.');
  let target: Json = out;
  for (const key of keys.slice(0, -1)) {
    target[key] = (target[key] as Json | undefined) ?? {};
    target = target[key] as Json;
  }
  target[keys[keys.length - 1]!] = value;
  return out;
}

/** Every subschema of the schema, with its JSON pointer. */
function* walk(node: unknown, pointer = ''): Generator<[string, Json]> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* walk(item, `${pointer}/${index}`);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Json;
  yield [pointer, object];
  for (const [key, value] of Object.entries(object)) {
    if (key === 'enum' || key === 'default' || key === 'required') continue;
    if (key === 'properties' || key === 'definitions') {
      for (const [name, sub] of Object.entries(value as Json)) yield* walk(sub, `${pointer}/${key}/${name}`);
    } else yield* walk(value, `${pointer}/${key}`);
  }
}

schema('should compile with ajv in strict mode', () => {
  // Strict mode rejects unknown keywords, `required` naming undeclared properties,
  // ambiguous types and the like: real mistakes in a hand-written schema.
  new Ajv({ allErrors: true, strict: true }).compile(docsSchema);
});

schema('should declare draft-07, its published `$id`, a title and a description', () => {
  assert.is(docsSchema.$schema, 'http://json-schema.org/draft-07/schema#');
  assert.is(docsSchema.$id, 'https://unpkg.com/@docsgen/config/docs.schema.json');
  assert.type(docsSchema.title, 'string');
  assert.type(docsSchema.description, 'string');
  assert.equal(docsSchema.required, ['name', 'navigation']);
});

schema('should describe every property and every definition', () => {
  const missing: string[] = [];
  for (const [pointer, node] of walk(docsSchema)) {
    const isProperty = /\/properties\/[^/]+$/.test(pointer) || /^\/definitions\/[^/]+$/.test(pointer);
    if (isProperty && typeof node.description !== 'string') missing.push(pointer);
  }
  assert.equal(missing, []);
});

schema('should use `anyOf` for unions and refs to `#/definitions/<name>` that exist', () => {
  const problems: string[] = [];
  for (const [pointer, node] of walk(docsSchema)) {
    if ('oneOf' in node || 'allOf' in node) problems.push(`${pointer}: oneOf/allOf`);
    if (Array.isArray(node.type)) problems.push(`${pointer}: type array`);
    if (typeof node.$ref === 'string') {
      const match = /^#\/definitions\/([^/]+)$/.exec(node.$ref);
      if (!match || !docsSchema.definitions[match[1]!]) problems.push(`${pointer}: ${node.$ref}`);
    }
  }
  assert.equal(problems, []);
});

schema('should close every object with known keys with `additionalProperties`', () => {
  const open: string[] = [];
  for (const [pointer, node] of walk(docsSchema)) {
    if (node.type === 'object' && !('additionalProperties' in node)) open.push(pointer);
  }
  assert.equal(open, []);
});

schema('should accept the minimal config', () => {
  assert.equal(errorsOf({ name: 'Docs', navigation: { pages: [] } }), []);
});

schema('should reject a config without `name` or `navigation`', () => {
  assert.not.ok(isValid({ navigation: { pages: [] } }));
  assert.not.ok(isValid({ name: 'Docs' }));
  assert.not.ok(isValid({}));
  assert.not.ok(isValid({ name: '', navigation: { pages: [] } }));
  const [error] = errorsOf({ navigation: { pages: [] } });
  assert.is(error?.keyword, 'required');
  assert.equal(error?.params, { missingProperty: 'name' });
});

const colorFields = [
  'colors.primary',
  'colors.light',
  'colors.dark',
  'colors.background',
  'colors.background.dark',
  'colors.anchors',
  'background.color.light',
  'thumbnails.background',
  'thumbnails.accent',
  'banner.color.dark',
];

schema('should accept hex colours of 3, 6 and 8 digits in every colour field', () => {
  for (const field of colorFields) {
    for (const color of ['#abc', '#aabbcc', '#AABBCCDD', '#0d9373']) {
      const value = configWith(field, color);
      if (field.startsWith('banner.')) (value.banner as Json).content = 'Hello';
      assert.equal(errorsOf(value), [], `${field}: ${color}`);
    }
  }
});

schema('should reject malformed hex colours in every colour field', () => {
  // thumbnails.background also takes an image path, so only `#…` values must be hex there.
  for (const color of ['#ab', '#ggg', '#']) assert.not.ok(isValid(configWith('thumbnails.background', color)), color);
  for (const path of ['images/card.png', 'https://example.com/card.png']) {
    assert.equal(errorsOf(configWith('thumbnails.background', path)), [], path);
  }
  for (const field of colorFields.filter((name) => name !== 'thumbnails.background')) {
    for (const color of ['#ab', '#abcd', '#aabbccd', 'red', 'aabbcc', '#ggg', '#aabbccddee', '']) {
      const value = configWith(field, color);
      if (field.startsWith('banner.')) (value.banner as Json).content = 'Hello';
      assert.not.ok(isValid(value), `${field}: ${color}`);
    }
  }
  const navColor = config({ navigation: { anchors: [{ anchor: 'A', href: '/a', color: '#12' }] } });
  assert.not.ok(isValid(navColor));
  const gradient = config({ colors: { anchors: { from: '#123456', to: 'blue' } } });
  assert.not.ok(isValid(gradient));
});

schema('should accept any theme string, known or not', () => {
  for (const theme of ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma', 'mint', 'sequoia', 'my-own-theme']) {
    assert.equal(errorsOf(config({ theme })), [], theme);
  }
  assert.not.ok(isValid(config({ theme: 3 })));
  assert.is((docsSchema.properties.theme as Json).default, 'base');
});

schema('should reject a value outside each enum', () => {
  const cases: [string, unknown, unknown][] = [
    ['api.auth.method', 'bearer', 'oauth'],
    ['api.playground.mode', 'hide', 'none'],
    ['api.playground.display', 'none', 'hide'],
    ['api.viewer', 'viewer-b', 'viewer-d'],
    ['icons.library', 'library-b', 'library-c'],
    ['contextual.options', ['copy', 'assistant-b', 'chatgpt'], ['copy', 'paste']],
    ['appearance.default', 'dark', 'dim'],
    ['banner.type', 'success', 'danger'],
    ['seo.indexing', 'all', 'some'],
    ['styling.eyebrows', 'breadcrumbs', 'crumbs'],
    ['styling.codeblocks', 'dark', 'light'],
    ['background.decoration', 'grid', 'dots'],
  ];
  for (const [path, good, bad] of cases) {
    const valid = configWith(path, good);
    const invalid = configWith(path, bad);
    if (path.startsWith('banner.')) {
      (valid.banner as Json).content = 'Hello';
      (invalid.banner as Json).content = 'Hello';
    }
    assert.equal(errorsOf(valid), [], `${path}: ${JSON.stringify(good)}`);
    assert.not.ok(isValid(invalid), `${path}: ${JSON.stringify(bad)}`);
  }
});

schema('should accept a string or an array for spec paths and server URLs', () => {
  for (const path of ['api.baseUrl', 'api.openapi', 'api.asyncapi', 'api.mdx.server']) {
    assert.equal(errorsOf(configWith(path, 'https://example.com/a')), [], `${path}: string`);
    assert.equal(
      errorsOf(configWith(path, ['https://example.com/a', 'https://example.com/b'])),
      [],
      `${path}: array`,
    );
    assert.not.ok(isValid(configWith(path, 42)), `${path}: number`);
  }
  assert.equal(
    errorsOf(
      configWith('api.openapi', [
        'openapi.yaml',
        { source: 'https://example.com/openapi.json', directory: 'reference', overlays: ['overlay.yaml'] },
      ]),
    ),
    [],
  );
  assert.equal(errorsOf(configWith('api.asyncapi', { source: 'asyncapi.yaml', directory: 'events' })), []);
  assert.not.ok(isValid(configWith('api.openapi', { directory: 'reference' })));
});

schema('should accept anything under `integrations`', () => {
  for (const integrations of [
    {},
    { anything: true },
    { custom: { deep: [1, 'two', { three: null }] } },
    { intercom: { appId: 'abc123xyz' }, unknownWidget: 'on' },
    { ga4: { measurementId: 'G-123' }, telemetry: { enabled: false } },
  ]) {
    assert.equal(errorsOf(config({ integrations })), [], JSON.stringify(integrations));
  }
});

schema('should accept unknown analytics providers as objects', () => {
  const analytics = {
    posthog: { apiKey: 'phc_x', apiHost: 'https://eu.posthog.com' },
    plausible: { domain: 'docs.example.com' },
    ga4: { measurementId: 'G-123' },
    someNewProvider: { token: 'x' },
  };
  assert.equal(errorsOf(config({ analytics })), []);
  assert.not.ok(isValid(config({ analytics: { ga4: {} } })));
  assert.not.ok(isValid(config({ analytics: { someNewProvider: 'x' } })));
});

schema('should accept every navigation form, nested', () => {
  const navigation = {
    tabs: [
      {
        tab: 'Guides',
        icon: 'book',
        groups: [
          {
            group: 'Start',
            pages: ['index', { group: 'Nested', icon: { name: 'folder', style: 'solid' }, pages: ['nested/a'] }],
          },
        ],
      },
      {
        tab: 'API',
        openapi: 'openapi.yaml',
        align: 'end',
        menu: [{ item: 'REST', description: 'REST API', groups: [{ group: 'REST', pages: ['GET /users'] }] }],
      },
    ],
    versions: [
      { version: 'v2', default: true, tag: 'Latest', tabs: [{ tab: 'Docs', pages: ['v2/index'] }] },
      { version: 'v1', tabs: [{ tab: 'Docs', pages: ['v1/index'] }] },
    ],
    languages: [
      { language: 'en', default: true, groups: [{ group: 'Start', pages: ['en/index'] }] },
      { language: 'fr', banner: { content: 'Bonjour' }, groups: [{ group: 'Démarrer', pages: ['fr/index'] }] },
    ],
    global: {
      anchors: [{ anchor: 'Blog', href: 'https://example.com/blog' }],
      languages: [{ language: 'de', href: 'https://de.example.com' }],
    },
    anchors: [
      { anchor: 'Community', href: 'https://example.com', icon: 'users', color: { light: '#123', dark: '#456' } },
      { anchor: 'Docs', pages: ['anchor/page'] },
    ],
    dropdowns: [{ dropdown: 'SDKs', description: 'Client libraries', pages: ['sdk/js'] }],
    products: [
      { product: 'Cloud', description: 'Hosted', dropdowns: [{ dropdown: 'Start', pages: ['cloud/index'] }] },
      { product: 'Server', menu: [{ item: 'Install', pages: ['server/install'] }] },
    ],
    groups: [{ group: 'Root group', pages: ['root/page'], expanded: true, root: 'root/index', tag: 'NEW' }],
    pages: ['orphan'],
    directory: 'card',
  };
  assert.equal(errorsOf(config({ navigation })), []);
});

schema('should reject a group without `pages` and a division without its label', () => {
  assert.not.ok(isValid(config({ navigation: { groups: [{ group: 'No pages' }] } })));
  assert.not.ok(isValid(config({ navigation: { pages: ['a', { group: 'Nested, no pages' }] } })));
  assert.not.ok(isValid(config({ navigation: { tabs: [{ pages: ['a'] }] } })));
  assert.not.ok(isValid(config({ navigation: { versions: [{ pages: ['a'] }] } })));
  assert.not.ok(isValid(config({ navigation: { languages: [{ language: 'English (US)', pages: ['a'] }] } })));
  // Anchors need `href` or children; the navigation code checks that, not the schema.
  assert.equal(errorsOf(config({ navigation: { anchors: [{ anchor: 'Bare' }] } })), []);
});

schema('should report unknown keys as `additionalProperties` with the key name', () => {
  const errors = errorsOf(config({ navigation: { groups: [{ group: 'G', pages: [], expaned: true }] } }));
  const unknown = errors.find((error) => error.keyword === 'additionalProperties');
  assert.ok(unknown);
  assert.is(unknown?.instancePath, '/navigation/groups/0');
  assert.equal(unknown?.params, { additionalProperty: 'expaned' });
  assert.not.ok(isValid(config({ colour: {} })));
});

schema('should accept the shapes real projects use', () => {
  const compat: Json[] = [
    { fonts: { family: 'Inter', weight: 400, source: '/fonts/inter.woff2', format: 'woff2' } },
    { fonts: { heading: { family: 'Inter', weight: '400 700', format: 'woff2-variations' } } },
    { fonts: { family: 'system-ui', heading: { family: 'system-ui' }, body: { family: 'system-ui' } } },
    { metadata: { timestamp: true, 'application-name': 'Docs' } },
    { banner: { content: 'Down', type: 'critical', color: { light: '#ff0000', dark: '#aa0000' } } },
    {
      contextual: {
        display: 'toc',
        options: ['copy', 'claude', { title: 'Ask', description: 'Ask it', href: { base: 'https://a.b', query: [{ key: 'q', value: '$page' }] } }],
      },
    },
    { contextual: { options: [] } },
    { navbar: { links: [{ type: 'github', href: 'https://github.com/a/b' }], primary: { type: 'discord', href: 'https://discord.gg/x' } } },
    { styling: { codeblocks: { theme: 'dracula', copyButton: false, languages: { custom: ['grammars/x.json'] } }, latex: true } },
    { code: { theme: 'my-theme' } },
    { api: { playground: { display: 'auth', credentials: true }, params: { expanded: 'all' }, examples: { defaults: 'required', languages: ['bash'] }, url: 'full', mdx: { auth: { method: 'cobo' } } } },
    { seo: { paths: [{ path: 'guides', metatags: { robots: 'noindex' } }], organization: { name: 'Acme', sameAs: ['https://x.com/acme'] }, trailingSlash: true } },
    { errors: { '404': { redirect: true, title: 'Lost?', description: 'Try search.' } } },
    { thumbnails: { appearance: 'dark', fonts: { family: 'Inter' } } },
    { icons: { library: 'lucide' } },
    { public: true, interaction: { drilldown: false }, variables: { version: '2.0' } },
    { markdown: { schema: false, instructions: ['Be brief.'] } },
    { variations: { options: [{ id: 'js', label: 'JavaScript' }] } },
    { footer: { socials: { 'hacker-news': 'https://news.ycombinator.com', mastodon: 'https://m.example/@a' } } },
    { logo: 'logo.svg', favicon: { light: 'a.svg', dark: 'b.svg' }, background: { image: { light: 'a.png', dark: 'b.png' } } },
    { redirects: [{ source: '/a/:slug*', destination: '/b/:slug*' }] },
  ];
  for (const extra of compat) assert.equal(errorsOf(config(extra)), [], JSON.stringify(extra));
  assert.not.ok(isValid(config({ metadata: { timestamp: 'yes' } })));
  assert.not.ok(isValid(config({ metadata: { 'application-name': 3 } })));
  assert.not.ok(isValid(config({ fonts: { family: 'Inter', weight: 'bold' } })));
  assert.not.ok(isValid(config({ fonts: { weight: 400 } })));
  assert.not.ok(isValid(config({ fonts: { family: 'Inter', heading: { weight: 700 } } })));
  assert.not.ok(isValid(config({ siteUrl: 'docs.example.com' })));
  assert.equal(errorsOf(config({ siteUrl: 'https://docs.example.com' })), []);
});

schema('should declare the defaults of SPEC.md', () => {
  const at = (pointer: string): Json => {
    let node: unknown = docsSchema;
    for (const key of pointer.split('/').slice(1)) node = (node as Json)[key];
    return node as Json;
  };
  assert.is(at('/properties/theme').default, 'base');
  assert.is(at('/properties/icons/properties/library').default, 'library-a');
  assert.is(at('/properties/errors/properties/404/properties/redirect').default, false);
  assert.is(at('/properties/code/properties/copyButton').default, true);
  assert.is(at('/properties/thumbnails/properties/enabled').default, true);
  assert.is(at('/properties/appearance/properties/default').default, 'system');
  assert.is(at('/properties/seo/properties/indexing').default, 'navigable');
  assert.is(at('/properties/styling/properties/eyebrows').default, 'section');
  const codeblocks = (at('/properties/styling/properties/codeblocks').anyOf as Json[])[1] as Json;
  assert.is(((codeblocks.properties as Json).chrome as Json).default, 'bar');
  assert.is(((codeblocks.properties as Json).copyButton as Json).default, true);
  assert.equal(at('/properties/contextual/properties/options').default, [
    'copy',
    'copy-url',
    'view',
    'assistant-a',
    'assistant-b',
  ]);
});

schema('should keep the generated types and reference page up to date', () => {
  const result = spawnSync(process.execPath, ['scripts/generate.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  assert.is(result.status, 0, result.stderr);
});

schema('should escape MDX syntax outside code in the reference page', () => {
  const page = readFileSync(new URL('docs/reference/configuration.mdx', `file://${root}`), 'utf8');
  let inFence = false;
  const bad: string[] = [];
  for (const line of page.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence || line.startsWith('```') || /^<\/?Note>$/.test(line)) continue;
    const prose = line.replace(/`[^`]*`/g, '').replace(/\\[{}|]/g, '');
    if (/[{}<>]/.test(prose)) bad.push(line);
  }
  assert.equal(bad, []);
  assert.match(page, /^---\ntitle: Configuration reference\n/);
});

const fixture = JSON.parse(readFileSync(new URL('fixtures/all-fields/docs.json', `file://${root}`), 'utf8')) as Json;

schema('should validate the all-fields fixture with zero errors', () => {
  assert.equal(errorsOf(fixture), []);
});

schema('should use every field of SPEC.md in the all-fields fixture', () => {
  const specFields = [
    '$schema', 'name', 'description', 'theme', 'colors.primary', 'colors.light', 'colors.dark',
    'colors.background', 'colors.anchors', 'logo.light', 'logo.dark', 'logo.href', 'favicon',
    'navigation.pages', 'navigation.groups', 'navigation.tabs', 'navigation.anchors', 'navigation.dropdowns',
    'navigation.versions', 'navigation.languages', 'navigation.global', 'navbar.links', 'navbar.primary',
    'footer.socials', 'footer.links', 'footer.lastUpdated', 'footer.editUrl', 'footer.repo', 'redirects',
    'seo.metatags', 'seo.indexing', 'analytics', 'api.baseUrl', 'api.auth.method', 'api.auth.name',
    'api.playground.mode', 'api.playground.proxy', 'api.openapi', 'api.viewer', 'api.asyncapi', 'api.mdx.server',
    'appearance.default', 'appearance.strict', 'appearance.readingTime', 'appearance.readingProgress',
    'code.copyButton', 'code.theme', 'background.image', 'background.color', 'background.decoration',
    'fonts.heading', 'fonts.body', 'styling.eyebrows', 'styling.codeblocks.theme', 'styling.codeblocks.chrome',
    'styling.codeblocks.copyButton', 'integrations', 'errors.404.redirect', 'contextual.options', 'search.prompt',
    'thumbnails.enabled', 'thumbnails.background', 'thumbnails.accent', 'thumbnails.image', 'metadata',
    'banner.content', 'banner.dismissible', 'banner.id', 'banner.type', 'icons.library', 'siteUrl',
  ];
  const missing = specFields.filter((path) => {
    let node: unknown = fixture;
    for (const key of path.split('.')) node = (node as Json | undefined)?.[key];
    return node === undefined;
  });
  assert.equal(missing, []);
});

schema('should have a file for every page and asset the all-fields fixture names', () => {
  const pages: string[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'pages' && Array.isArray(value)) {
          for (const entry of value) if (typeof entry === 'string') pages.push(entry);
        }
        collect(value);
      }
    }
  };
  collect(fixture.navigation);
  const dir = `${root}fixtures/all-fields/`;
  const missing = pages
    .filter((page) => !/^(GET|POST|PUT|PATCH|DELETE) \//.test(page))
    .filter((page) => !existsSync(`${dir}${page}.mdx`) && !existsSync(`${dir}${page}.md`));
  const logo = fixture.logo as Json;
  const assets = [logo.light, logo.dark, fixture.favicon, (fixture.background as Json).image, (fixture.thumbnails as Json).image, 'openapi.yaml', 'asyncapi.yaml'];
  missing.push(...assets.filter((asset) => !existsSync(`${dir}${String(asset)}`)).map(String));
  assert.equal(missing, []);
  for (const page of pages.filter((p) => !p.includes(' '))) {
    assert.match(readFileSync(`${dir}${page}.mdx`, 'utf8'), /^---\ntitle: .+\n---\n/, page);
  }
});

schema.run();
