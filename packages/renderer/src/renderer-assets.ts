import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute paths of the files a site ships for the content components. */
export interface RendererAssets {
  /** Styles of every content component, light and dark (`assets/content.css`). */
  contentCss: string;
  /** Client script: tabs, code groups, copy buttons, expandable code, prompts, views (`assets/client.js`). */
  clientJs: string;
  /** KaTeX styles (`katex/dist/katex.min.css`); they load fonts from `fonts/` beside them. */
  katexCss: string;
  /** KaTeX font folder (`katex/dist/fonts`): copy it next to `katexCss`. */
  katexFonts: string;
  /** Mermaid browser bundle (`mermaid/dist/mermaid.min.js`), for pages with a diagram. */
  mermaidJs: string;
  /** Draws every `pre.mermaid` with the bundle, in the page's light or dark mode (`assets/mermaid-loader.js`). */
  mermaidLoaderJs: string;
}

const require = createRequire(import.meta.url);

function ownAsset(name: string): string {
  // `../assets` from both `src/` (tests) and `dist/` (published).
  return fileURLToPath(new URL(`../assets/${name}`, import.meta.url));
}

const katexCss = require.resolve('katex/dist/katex.min.css');

/** Where the renderer's browser assets are; resolving paths only, no file is read. */
export const rendererAssets: Readonly<RendererAssets> = Object.freeze({
  contentCss: ownAsset('content.css'),
  clientJs: ownAsset('client.js'),
  katexCss,
  katexFonts: join(dirname(katexCss), 'fonts'),
  mermaidJs: require.resolve('mermaid/dist/mermaid.min.js'),
  mermaidLoaderJs: ownAsset('mermaid-loader.js'),
});
