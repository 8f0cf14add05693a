// Icon glyphs read from the icon packages at build time: Font Awesome Free, Lucide and Tabler
// ship one plain SVG file per icon, which is inlined into the page (never a CDN request).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { suggest } from '@docsgen/util/did-you-mean';
import { findIconAlias } from './icon-aliases.js';

/** Icon library names accepted by docs.json `icons.library` and the `library` option. */
export type IconLibrary = 'library-a' | 'library-b' | 'fontawesome' | 'lucide' | 'tabler';

/** Options of `resolveIcon`. */
export interface ResolveIconOptions {
  /** Library to read the icon from (default: `'fontawesome'`, which is also `library-a`). */
  library?: string | null | undefined;
  /** Style of the icon: Font Awesome `solid`, `regular`, `brands` (others fall back to `solid`), Tabler `filled`. */
  iconType?: string | null | undefined;
  /** Extra classes after `dg-icon`. */
  className?: string | null | undefined;
}

/** The parts of an inline SVG icon: attributes of the `<svg>` element and its trusted inner markup. */
export interface IconGlyph {
  /** Attributes of the `<svg>` element (`viewBox`, `fill`, `stroke`, …), without `class`. */
  attributes: Record<string, string>;
  /** Inner markup of the `<svg>` element, without comments, scripts or event handlers. */
  body: string;
}

/** The three icon packages. */
export type IconPackage = 'fontawesome' | 'lucide' | 'tabler';
type Package = IconPackage;

/** Icon names are lowercase words and dashes: they can never become a path. */
const namePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const packageNames: Record<Package, string> = {
  fontawesome: '@fortawesome/fontawesome-free',
  lucide: 'lucide-static',
  tabler: '@tabler/icons',
};

const require = createRequire(import.meta.url);
const packageRoots = new Map<Package, string | null>();
const glyphCache = new Map<string, IconGlyph | null>();

/** The package of a library name: `library-b`/`lucide` → Lucide, `tabler` → Tabler, else Font Awesome. */
export function iconPackageOf(library: string | null | undefined): Package {
  if (library === 'library-b' || library === 'lucide') return 'lucide';
  if (library === 'tabler') return 'tabler';
  return 'fontawesome';
}

/** `true` when `name` has the shape of an icon name (lowercase letters, digits, single dashes). */
export function isIconName(name: string): boolean {
  return namePattern.test(name);
}

function packageRoot(pkg: Package): string | null {
  let root = packageRoots.get(pkg);
  if (root === undefined) {
    try {
      root = dirname(require.resolve(`${packageNames[pkg]}/package.json`));
    } catch {
      root = null;
    }
    packageRoots.set(pkg, root);
  }
  return root;
}

/** Folders to try, in order, for an icon style of a package. */
function folders(pkg: Package, iconType: string | null | undefined): string[] {
  if (pkg === 'lucide') return ['icons'];
  if (pkg === 'tabler') return iconType === 'filled' ? ['icons/filled', 'icons/outline'] : ['icons/outline', 'icons/filled'];
  const first = iconType === 'regular' || iconType === 'brands' ? iconType : 'solid';
  return [...new Set([`svgs/${first}`, 'svgs/solid', 'svgs/brands'])];
}

/** Remove comments, scripts, event handlers and `javascript:` URLs from trusted package markup, and collapse whitespace. */
function sanitizeBody(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, '')
    .replace(/<(?:foreignObject)\b[\s\S]*?(?:<\/foreignObject\s*>|$)/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s+(?:xlink:)?href\s*=\s*(?:"\s*javascript:[^"]*"|'\s*javascript:[^']*')/gi, '')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Parse an icon package's SVG file into the root attributes docsgen keeps and the sanitized
 * inner markup (internal; exported for tests).
 *
 * @param pkg
 *   Package the file comes from: Font Awesome glyphs are filled, Lucide and Tabler stroked.
 * @param source
 *   Text of the SVG file.
 * @returns
 *   The glyph, or `null` when the file has no `<svg>` element with a numeric `viewBox`.
 */
export function parseIconSvg(pkg: Package, source: string): IconGlyph | null {
  const text = source.replace(/<\?xml[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const open = /<svg\b([^>]*)>/i.exec(text);
  const close = text.lastIndexOf('</svg>');
  if (!open || close < open.index) return null;
  const rootAttributes: Record<string, string> = {};
  for (const match of open[1]!.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) rootAttributes[match[1]!] = match[2]!;
  const viewBox = rootAttributes.viewBox;
  if (!viewBox || !/^[\d.\s-]+$/.test(viewBox)) return null;
  const attributes: Record<string, string> =
    pkg === 'fontawesome'
      ? { viewBox, fill: 'currentColor' }
      : {
          viewBox,
          fill: 'none',
          stroke: 'currentColor',
          'stroke-width': rootAttributes['stroke-width'] ?? '2',
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        };
  return { attributes, body: sanitizeBody(text.slice(open.index + open[0].length, close)) };
}

/** How `findIcon` found a glyph, in the order it tries. */
export type IconMatch =
  /** The library has the name (compared in lowercase: `GitHub` is `github`). */
  | 'exact'
  /** A brand the library lacks, from Font Awesome's brands set (`github` under Lucide). */
  | 'brand'
  /** A Font Awesome Pro name drawn with the closest free icon (`chart-mixed` → `chart-simple`). */
  | 'alias'
  /** Another library's icon of the same name (`webhook` under Font Awesome → Lucide's). */
  | 'other-library'
  /** Nothing matched: a neutral glyph of the same size holds the place. */
  | 'placeholder';

/** A glyph found by `findIcon`, with where it came from. */
export interface FoundIcon {
  glyph: IconGlyph;
  /** How it was found. */
  match: IconMatch;
  /** Package and name of the glyph drawn, such as `lucide/audio-waveform`. */
  drawn: string;
}

/** The neutral glyph drawn for a name nothing matches: a dashed circle, the size of any icon. */
const placeholder = { package: 'lucide', name: 'circle-dashed' } as const;
const foundCache = new Map<string, FoundIcon | null>();

function readGlyph(pkg: Package, folder: string, name: string): IconGlyph | undefined {
  const key = `${pkg}\0${folder}\0${name}`;
  let glyph = glyphCache.get(key);
  if (glyph === undefined) {
    glyph = null;
    const root = packageRoot(pkg);
    if (root) {
      try {
        glyph = parseIconSvg(pkg, readFileSync(join(root, folder, `${name}.svg`), 'utf8'));
      } catch {
        glyph = null;
      }
    }
    glyphCache.set(key, glyph);
  }
  return glyph ?? undefined;
}

function readFirst(pkg: Package, iconType: string | null | undefined, name: string): IconGlyph | undefined {
  for (const folder of folders(pkg, iconType)) {
    const glyph = readGlyph(pkg, folder, name);
    if (glyph) return glyph;
  }
  return undefined;
}

/**
 * Find the glyph to draw for an icon name (cached). Tries, in order: the library's icon of
 * that name in lowercase; Font Awesome's brands set; the closest free icon of a Font Awesome
 * Pro name (`proIconAliases`); the same name in the other libraries (Lucide, Tabler, then
 * Font Awesome); else a neutral placeholder glyph.
 *
 * @param name
 *   Icon name, such as `rocket` or `GitHub`; anything but letters, digits and single dashes
 *   finds nothing.
 * @param options
 *   Library and icon style.
 * @returns
 *   The glyph with how it was found, or `undefined` when `name` is not an icon name.
 */
export function findIcon(name: string, options?: ResolveIconOptions | null | undefined): FoundIcon | undefined {
  const written = name.trim().toLowerCase();
  // Font Awesome's classes are read only from a value that is not an icon name itself.
  const classes = isIconName(written) ? undefined : fontAwesomeClasses(written);
  const wanted = classes?.name ?? written;
  if (!isIconName(wanted)) return undefined;
  const pkg = iconPackageOf(options?.library);
  const iconType = classes?.iconType ?? options?.iconType ?? undefined;
  const key = `${pkg}\0${iconType ?? ''}\0${wanted}`;
  let found = foundCache.get(key);
  if (found === undefined) {
    found = lookUp(wanted, pkg, iconType);
    foundCache.set(key, found);
  }
  return found ?? undefined;
}

// Font Awesome's style classes, and the Pro styles drawn with the free solid set.
const fontAwesomeStyles: Readonly<Record<string, string | undefined>> = {
  fa: undefined, 'fa-solid': 'solid', fas: 'solid', 'fa-regular': 'regular', far: 'regular', 'fa-brands': 'brands', fab: 'brands',
  'fa-light': undefined, fal: undefined, 'fa-thin': undefined, fat: undefined, 'fa-duotone': undefined, fad: undefined, 'fa-sharp': undefined,
};
// Classes that size, spin or flip an icon: not its name.
// (`fa-x` is an icon, the letter: not `fa-xs` nor `fa-2x`.)
const fontAwesomeModifier = /^fa-(?:2?xs|2?xl|sm|lg|\d+x|fw|li|ul|spin(?:-pulse|-reverse)?|pulse|beat(?:-fade)?|fade|bounce|shake|border|inverse|pull-(?:left|right)|flip(?:-horizontal|-vertical|-both)?|rotate-(?:\d+|by)|stack(?:-[12]x)?)$/;

/**
 * The icon Font Awesome's classes name (`fa-brands fa-ubuntu`, `fas fa-code`, as ClickHouse's
 * docs write icons), trimmed and lower-cased: its name and style; `undefined` when `text` is
 * not such a list.
 */
function fontAwesomeClasses(text: string): { name: string; iconType: string | undefined } | undefined {
  const tokens = text.split(/\s+/);
  if (tokens.length < 2) return undefined;
  let iconType: string | undefined;
  const names: string[] = [];
  for (const token of tokens) {
    if (Object.hasOwn(fontAwesomeStyles, token)) iconType = fontAwesomeStyles[token] ?? iconType;
    else if (token.startsWith('fa-') && !fontAwesomeModifier.test(token)) names.push(token.slice(3));
    else if (!fontAwesomeModifier.test(token)) return undefined;
  }
  return names.length === 1 ? { name: names[0]!, iconType } : undefined;
}

function lookUp(name: string, pkg: Package, iconType: string | undefined): FoundIcon | null {
  const exact = readFirst(pkg, iconType, name);
  if (exact) return { glyph: exact, match: 'exact', drawn: `${pkg}/${name}` };
  const brand = pkg === 'fontawesome' ? undefined : readGlyph('fontawesome', 'svgs/brands', name);
  if (brand) return { glyph: brand, match: 'brand', drawn: `fontawesome/${name}` };
  const alias = findIconAlias(name);
  const aliased = alias && readFirst(alias.package, alias.style, alias.name);
  if (alias && aliased) return { glyph: aliased, match: 'alias', drawn: `${alias.package}/${alias.name}` };
  // Stroked libraries first: their icons sit better beside each other than beside filled ones.
  for (const other of (['lucide', 'tabler', 'fontawesome'] as const).filter((candidate) => candidate !== pkg)) {
    const glyph = readFirst(other, undefined, name);
    if (glyph) return { glyph, match: 'other-library', drawn: `${other}/${name}` };
  }
  const glyph = readGlyph(placeholder.package, 'icons', placeholder.name);
  return glyph ? { glyph, match: 'placeholder', drawn: `${placeholder.package}/${placeholder.name}` } : null;
}

/**
 * Read an icon's glyph (cached): `findIcon`'s glyph, unless only the placeholder stands for
 * the name.
 *
 * @param name
 *   Icon name, such as `rocket`.
 * @param options
 *   Library and icon style.
 * @returns
 *   The glyph, or `undefined` when no library has the name nor a close free icon.
 */
export function loadIcon(name: string, options?: ResolveIconOptions | null | undefined): IconGlyph | undefined {
  const found = findIcon(name, options);
  return found && found.match !== 'placeholder' ? found.glyph : undefined;
}

const namesCache = new Map<Package, string[]>();

/**
 * The icon name of a library closest to `name` (for a did-you-mean note), or `undefined`.
 */
export function suggestIconName(name: string, library: string | null | undefined): string | undefined {
  const pkg = iconPackageOf(library);
  let names = namesCache.get(pkg);
  if (!names) {
    const root = packageRoot(pkg);
    const all = new Set<string>();
    for (const folder of root ? folders(pkg, undefined) : []) {
      try {
        for (const file of readdirSync(join(root!, folder))) if (file.endsWith('.svg')) all.add(file.slice(0, -4));
      } catch {
        // A package without this folder has no names in it.
      }
    }
    names = [...all].sort();
    namesCache.set(pkg, names);
  }
  return suggest(name.trim().toLowerCase(), names);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** ` name="value"` for each of `attributes`, values escaped, with the SVG namespace first. */
function svgAttributes(attributes: Record<string, string>): string {
  return Object.entries({ xmlns: 'http://www.w3.org/2000/svg', ...attributes })
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
}

/** A glyph as a standalone SVG document (for a data URL: an icon drawn as a mask). */
export function glyphDocument(glyph: IconGlyph): string {
  return `<svg${svgAttributes(glyph.attributes)}>${glyph.body}</svg>`;
}

/**
 * Inline SVG of a named icon, read from the icon package at build time.
 *
 * @param name
 *   Icon name, such as `rocket` (Font Awesome), `book-open` (Lucide) or `brand-github` (Tabler).
 * @param options
 *   Library (default Font Awesome), icon style and extra classes.
 * @returns
 *   `<svg class="dg-icon" data-icon="name" aria-hidden="true" width="1em" height="1em" …>…</svg>`, or
 *   `undefined` when the name is unknown or not an icon name.
 */
export function resolveIcon(name: string, options?: ResolveIconOptions | null | undefined): string | undefined {
  const glyph = loadIcon(name, options);
  if (!glyph) return undefined;
  name = name.trim().toLowerCase();
  const className = ['dg-icon', options?.className?.trim()].filter(Boolean).join(' ');
  const attributes = svgAttributes({ ...glyph.attributes, width: '1em', height: '1em' });
  return `<svg class="${escapeAttribute(className)}" data-icon="${name}"${attributes} aria-hidden="true" focusable="false">${glyph.body}</svg>`;
}
