import { readFileSync, readdirSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

// sharp is a dependency of @docsgen/og-cards, not of core: load the copy the cards use.
const sharp = createRequire(import.meta.resolve('@docsgen/og-cards'))('sharp') as (input: Buffer) => {
  metadata(): Promise<{ width?: number; height?: number; format?: string }>;
};

const cards = suite('social cards');

const siteUrl = 'https://docs.example.com';

const project = (files: Record<string, string> = {}, extra: Record<string, unknown> = {}): string =>
  writeTempProject(
    {
      'docs.json': JSON.stringify({
        name: 'Cards',
        logo: '/images/logo.svg',
        navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'setup', 'quiet', 'custom', 'flat'] }] }] },
        ...extra,
      }),
      'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0a0"/></svg>',
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
      'setup.mdx': '---\ntitle: Setup\ndescription: Install it.\n---\n\nSteps.\n',
      'quiet.mdx': '---\ntitle: Quiet\nnoindex: true\n---\n\nHush.\n',
      'custom.mdx': '---\ntitle: Custom\nseo:\n  ogImage: /images/custom.png\n---\n\nOwn image.\n',
      'flat.mdx': '---\ntitle: Flat\n"og:image": https://cdn.example.com/flat.png\n---\n\nFlat key.\n',
      'draft.mdx': '---\ntitle: Draft\ndraft: true\n---\n\nNot yet.\n',
      ...files,
    },
    'docsgen-cards-',
  );

const ogImage = (html: string): string | undefined => /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1];
const read = (root: string, path: string): string => readFileSync(join(root, 'dist', path), 'utf8');
const ogFiles = (root: string): string[] => (existsSync(join(root, 'dist', 'og')) ? readdirSync(join(root, 'dist', 'og')).sort() : []);
const cacheFiles = (root: string): string[] => readdirSync(join(root, '.docsgen', 'cache', 'og')).filter((name) => name.endsWith('.png')).sort();

cards('should write a 1200x630 card for each page that has one, and point og:image at it', async () => {
  const root = project();
  const result = await buildSite(root, { workers: 0, siteUrl });
  assert.ok(result.ok, JSON.stringify(result.messages));
  assert.equal(ogFiles(root), ['index.png', 'setup.png'], 'drafts, noindex pages and pages with their own image get no card');
  const home = readFileSync(join(root, 'dist', 'og', 'index.png'));
  const setup = readFileSync(join(root, 'dist', 'og', 'setup.png'));
  for (const png of [home, setup]) {
    const metadata = await sharp(png).metadata();
    assert.is(metadata.format, 'png');
    assert.is(metadata.width, 1200);
    assert.is(metadata.height, 630);
  }
  assert.not.equal(home, setup, 'two pages draw two different cards');

  const html = read(root, 'setup.html');
  assert.is(ogImage(html), `${siteUrl}/og/setup.png`);
  assert.match(html, '<meta property="og:image:width" content="1200">');
  assert.match(html, '<meta property="og:image:height" content="630">');
  assert.match(html, `<meta property="og:url" content="${siteUrl}/setup">`);
  assert.match(html, '<meta name="twitter:card" content="summary_large_image">');
  assert.match(html, `<meta name="twitter:image" content="${siteUrl}/og/setup.png">`);
  assert.is(ogImage(read(root, 'custom.html')), `${siteUrl}/images/custom.png`, '`seo.ogImage` made absolute');
  assert.is(ogImage(read(root, 'flat.html')), 'https://cdn.example.com/flat.png', 'the flat `og:image` key');
  assert.is(ogImage(read(root, 'quiet.html')), undefined);
  assert.not.ok(existsSync(join(root, 'dist', 'draft.html')));
});

cards('should draw no card without a site URL, and take the site URL from docs.json', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0 })).ok);
  assert.equal(ogFiles(root), []);
  assert.is(ogImage(read(root, 'setup.html')), undefined);

  const configured = project({}, { siteUrl: 'https://config.example.com/' });
  assert.ok((await buildSite(configured, { workers: 0 })).ok);
  assert.equal(ogFiles(configured), ['index.png', 'setup.png']);
  assert.is(ogImage(read(configured, 'setup.html')), 'https://config.example.com/og/setup.png');
  assert.ok((await buildSite(configured, { workers: 0, siteUrl })).ok);
  assert.is(ogImage(read(configured, 'setup.html')), `${siteUrl}/og/setup.png`, 'the build option wins over docs.json');
});

cards('should honour `thumbnails.enabled: false` and `thumbnails.image`', async () => {
  const off = project({}, { thumbnails: { enabled: false } });
  assert.ok((await buildSite(off, { workers: 0, siteUrl })).ok);
  assert.equal(ogFiles(off), []);
  assert.is(ogImage(read(off, 'setup.html')), undefined);
  assert.is(ogImage(read(off, 'custom.html')), `${siteUrl}/images/custom.png`, 'a page of its own still shows its image');

  const image = project({}, { thumbnails: { image: '/images/social.png' } });
  assert.ok((await buildSite(image, { workers: 0, siteUrl })).ok);
  assert.equal(ogFiles(image), []);
  assert.is(ogImage(read(image, 'setup.html')), `${siteUrl}/images/social.png`);
  assert.is(ogImage(read(image, 'index.html')), `${siteUrl}/images/social.png`);
  assert.not.match(read(image, 'setup.html'), 'og:image:width');
});

cards('should reuse cached cards on a rebuild, draw a changed one again and prune the old entry', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0, siteUrl })).ok);
  const entries = cacheFiles(root);
  assert.is(entries.length, 2);
  const first = readFileSync(join(root, 'dist', 'og', 'setup.png'));
  const setupEntry = entries.find((name) => readFileSync(join(root, '.docsgen', 'cache', 'og', name)).equals(first));
  assert.ok(setupEntry, 'the cache holds the card under its input hash');

  // A marker in place of the cached card proves the rebuild copies it instead of drawing it,
  // also when the page itself renders again (its body changed, its card did not).
  const marker = Buffer.from('cached card');
  writeFileSync(join(root, '.docsgen', 'cache', 'og', setupEntry), marker);
  writeFileSync(join(root, 'setup.mdx'), '---\ntitle: Setup\ndescription: Install it.\n---\n\nOther steps.\n');
  const second = await buildSite(root, { workers: 0, siteUrl });
  assert.ok(second.ok);
  assert.match(read(root, 'setup.html'), 'Other steps.');
  assert.equal(readFileSync(join(root, 'dist', 'og', 'setup.png')), marker);
  assert.equal(cacheFiles(root), entries);

  writeFileSync(join(root, 'setup.mdx'), '---\ntitle: Setup again\ndescription: Install it.\n---\n\nOther steps.\n');
  assert.ok((await buildSite(root, { workers: 0, siteUrl })).ok);
  const redrawn = readFileSync(join(root, 'dist', 'og', 'setup.png'));
  assert.not.equal(redrawn, marker);
  assert.is((await sharp(redrawn).metadata()).width, 1200);
  assert.not.ok(cacheFiles(root).includes(setupEntry), 'the old entry is pruned');
  assert.is(cacheFiles(root).length, 2);
});

cards('should give byte-identical cards with and without the cache', async () => {
  const root = project();
  assert.ok((await buildSite(root, { workers: 0, siteUrl })).ok);
  const cached = readFileSync(join(root, 'dist', 'og', 'index.png'));
  assert.ok((await buildSite(root, { workers: 0, siteUrl, cache: false })).ok);
  assert.equal(readFileSync(join(root, 'dist', 'og', 'index.png')), cached);
});

cards('should draw a card from the title, description, owning tab, site name, theme colours and a logo inside the project', async () => {
  const root = project({}, { siteUrl, colors: { primary: '#16a34a' }, logo: { light: '/images/logo.svg', dark: '../outside.svg' } });
  const site = await createSite(root, { mode: 'build' });
  const plan = await site.cardPlan('setup');
  assert.ok(plan);
  assert.equal({ ...plan.input, logo: undefined }, {
    title: 'Setup',
    description: 'Install it.',
    tab: 'Guides',
    siteName: 'Cards',
    theme: 'base',
    appearance: 'light',
    background: '#f6f8fa',
    accent: '#16a34a',
    logo: undefined,
  });
  const logo = plan.input.logo as { light?: string; dark?: string };
  assert.ok(logo.light?.endsWith(join('images', 'logo.svg')));
  assert.is(logo.dark, undefined, 'a logo path leaving the project is dropped');
  assert.match(plan.hash, /^[0-9a-f]{64}$/);
  for (const slug of ['quiet', 'custom', 'flat', 'draft', 'missing']) assert.is(await site.cardPlan(slug), undefined, slug);
});

cards('should take the section of a page listed twice from the default language, else from its first listing', async () => {
  const root = project(
    { 'solo.mdx': '---\ntitle: Solo\n---\n\nOnly in Spanish.\n', 'loose.mdx': '---\ntitle: Loose\n---\n\nNo tab.\n' },
    {
      siteUrl,
      navigation: {
        languages: [
          { language: 'es', tabs: [{ tab: 'Guías', groups: [{ group: 'Inicio', pages: ['setup', 'solo'] }] }] },
          {
            language: 'en',
            default: true,
            tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'setup'] }] }],
            groups: [{ group: 'Loose ends', pages: ['loose'] }],
          },
        ],
      },
    },
  );
  const site = await createSite(root, { mode: 'build' });
  const tabOf = async (slug: string): Promise<string | undefined> => (await site.cardPlan(slug))?.input.tab ?? undefined;
  assert.is(await tabOf('setup'), 'Guides', 'listed in both: the default language counts, though Spanish comes first');
  assert.is(await tabOf('solo'), 'Guías', 'listed once, outside the default language');
  assert.is(await tabOf('index'), 'Guides');
  assert.is(await tabOf('loose'), 'Loose ends', 'no tab: the top group');
  assert.is(await tabOf('flat'), undefined, 'a page with its own image has no card');
});

cards('should give a card the language of its page, from the navigation or the page’s folder', async () => {
  const root = project(
    {
      'zh/setup.mdx': '---\ntitle: 安装\n---\n\n步骤。\n',
      'ja/setup.mdx': '---\ntitle: セットアップ\n---\n\n手順。\n',
      'ja/unlisted.mdx': '---\ntitle: 非表示\n---\n\nリストにない。\n',
      'ko/unlisted.mdx': '---\ntitle: 목록\n---\n\n없음.\n',
    },
    {
      siteUrl,
      navigation: {
        languages: [
          { language: 'en', default: true, groups: [{ group: 'Start', pages: ['index', 'setup'] }] },
          { language: 'zh', groups: [{ group: '开始', pages: ['zh/setup'] }] },
          { language: 'ja', groups: [{ group: 'はじめに', pages: ['ja/setup'] }] },
        ],
      },
    },
  );
  const site = await createSite(root, { mode: 'build' });
  const languageOf = async (slug: string): Promise<string | null | undefined> => (await site.cardPlan(slug))?.input.language;
  assert.is(await languageOf('setup'), 'en');
  assert.is(await languageOf('zh/setup'), 'zh');
  assert.is(await languageOf('ja/setup'), 'ja');
  assert.is(await languageOf('ja/unlisted'), 'ja', 'not listed: the language of its folder');
  assert.is(await languageOf('ko/unlisted'), undefined, 'a folder that is no language of the navigation');
  const plain = await createSite(project({}, { siteUrl }), { mode: 'build' });
  assert.not.ok('language' in ((await plain.cardPlan('setup'))?.input ?? {}), 'no languages: none on the card');
});

cards('should place a card\'s warnings at its page\'s file', async () => {
  const root = project({ 'setup.mdx': '---\ntitle: Launch \u05d0 day\n---\n\nSteps.\n' }, { siteUrl });
  try {
    const result = await buildSite(root, { workers: 0 });
    const glyphs = result.messages.filter((message) => message.ruleId === 'card-glyph-missing');
    assert.equal(glyphs.map((message) => [message.file, message.actual]), [[join(root, 'setup.mdx'), '\u05d0']]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

cards('should keep a drawn card in memory until its inputs change (dev)', async () => {
  const root = project();
  const site = await createSite(root);
  assert.is(await site.card('setup'), undefined, 'no site URL and no origin: no card');
  const origin = 'http://localhost:3000';
  const first = await site.card('setup', { origin });
  assert.ok(first);
  assert.is((await site.card('setup', { origin }))?.png, first.png, 'the same bytes, not drawn again');
  const document = await site.document('setup', { origin });
  assert.is(ogImage(document?.html ?? ''), `${origin}/og/setup.png`);
  writeFileSync(join(root, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#a00"/></svg>');
  const changed = await site.card('setup', { origin });
  assert.ok(changed);
  assert.is.not(changed.hash, first.hash);
  assert.not.equal(changed.png, first.png, 'a changed logo draws the card again');
  assert.ok(await site.card('draft', { origin }) === undefined, 'drafts have no card, even in dev');
});

cards.run();
