import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { documentAssetFiles, renderPageDocument, themeNames, themeStylesheetName, type LayoutNavNode } from '../src/index.js';
import { resolveLayoutTheme, themePageMode } from '../src/layout/themes.js';

const themes = suite('themes');

const page = (slug: string): LayoutNavNode => ({ kind: 'page', slug, configPath: ['navigation', 'pages', 0], isHidden: false, isGlobal: false });

/** The `<html>` and layout attributes of a page in `theme` whose frontmatter asks for `mode`. */
function layoutOf(theme: string, mode: string): { theme: string | undefined; mode: string | undefined; hasSidebar: boolean } {
  const html = renderPageDocument({
    slug: 'intro',
    title: 'Intro',
    contentHtml: '<p>Body</p>',
    homeSlug: 'intro',
    frontmatter: { mode },
    config: { name: 'Site', theme },
    navigation: { children: [page('intro')], versions: [], languages: [], defaultVersion: undefined, defaultLanguage: undefined },
    pages: new Map([['intro', { slug: 'intro', title: 'Intro' }]]),
  });
  return {
    theme: /<html [^>]*data-dg-theme="([^"]+)"/.exec(html)?.[1],
    mode: /<div class="dg-layout"(?: id="body-content")? data-page-mode="([^"]+)"/.exec(html)?.[1],
    hasSidebar: html.includes('class="dg-sidebar"'),
  };
}

themes('should ship the nine themes, each with a stylesheet that names it', () => {
  assert.equal([...themeNames], ['base', 'pith', 'pip', 'readable', 'theme-e', 'maple', 'linden', 'aspen', 'luma']);
  for (const name of themeNames) {
    assert.is(resolveLayoutTheme(name).name, name);
    const css = readFileSync(documentAssetFiles[themeStylesheetName(name)]!, 'utf8');
    assert.match(css, `Theme \`${name}\``, name);
  }
  assert.is(resolveLayoutTheme('corporate-blue').name, 'base');
  assert.is(resolveLayoutTheme(undefined).name, 'base');
});

themes('should lay out `center` only in themes that have it, and `frame` only in themes that have it', () => {
  // The platform: center in Mint, Linden, Willow and Maple; frame in Aspen, Almond, Luma and Sequoia.
  for (const name of ['maple', 'linden']) {
    assert.equal(layoutOf(name, 'center'), { theme: name, mode: 'center', hasSidebar: false }, name);
    assert.equal(layoutOf(name, 'frame'), { theme: name, mode: 'default', hasSidebar: true }, name);
  }
  for (const name of ['aspen', 'luma']) {
    assert.equal(layoutOf(name, 'frame'), { theme: name, mode: 'frame', hasSidebar: true }, name);
    assert.equal(layoutOf(name, 'center'), { theme: name, mode: 'default', hasSidebar: true }, name);
  }
  for (const name of themeNames) {
    for (const mode of ['wide', 'custom']) assert.is(layoutOf(name, mode).mode, mode, `${name} ${mode}`);
  }
  // docsgen's own five themes keep every mode.
  for (const name of ['base', 'pith', 'pip', 'readable', 'theme-e']) {
    assert.is(layoutOf(name, 'center').mode, 'center', name);
    assert.is(layoutOf(name, 'frame').mode, 'frame', name);
  }
  assert.is(themePageMode(resolveLayoutTheme('luma'), 'default'), 'default');
});

themes.run();
