// The site's own labels per language: one table per language in this folder (`es.ts`, …),
// picked by the language code of docs.json (`navigation.languages[].language`). Codes
// without a table get English. To add a language, copy `en.ts`, translate every value and
// list the table below; the test fails until it has every key.
import { ar } from './ar.js';
import { de } from './de.js';
import { en, type UiStringKey, type UiStrings } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { he } from './he.js';
import { hi } from './hi.js';
import { id } from './id.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { ru } from './ru.js';
import { tr } from './tr.js';
import { uk } from './uk.js';
import { vi } from './vi.js';
import { zh } from './zh.js';
import { zhHant } from './zh-hant.js';

/** Every table by its language code (lowercase BCP 47). */
export const uiStringTables: Readonly<Record<string, UiStrings>> = {
  en,
  es,
  fr,
  de,
  pt,
  it,
  ru,
  ja,
  ko,
  zh,
  'zh-hant': zhHant,
  ar,
  he,
  hi,
  tr,
  nl,
  pl,
  id,
  vi,
  uk,
};

// docs.json codes that are not BCP 47 tags, or whose script the region decides.
const aliases: Readonly<Record<string, string>> = {
  cn: 'zh-Hans',
  jp: 'ja',
  'zh-cn': 'zh-Hans',
  'zh-sg': 'zh-Hans',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  'zh-mo': 'zh-Hant',
  iw: 'he',
};

// Code as written → its canonical tag (`Intl.getCanonicalLocales` is slow to ask each time).
const canonicalTags = new Map<string, string>();

const rightToLeft = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'ckb', 'dv', 'sd', 'ug']);

/**
 * The BCP 47 tag of a docs.json language code, for `<html lang>` and `Intl`: `cn` is
 * `zh-Hans`, `jp` is `ja`, `ja-jp` is `ja-JP`; anything that is not a tag is `en`.
 */
export function languageTag(code: string | null | undefined): string {
  const value = (code ?? '').trim();
  const alias = aliases[value.toLowerCase()];
  if (alias) return alias;
  let tag = canonicalTags.get(value);
  if (tag === undefined) {
    try {
      tag = Intl.getCanonicalLocales(value)[0] ?? 'en';
    } catch {
      tag = 'en';
    }
    // A site has a few languages; components ask for their tag on every render.
    if (canonicalTags.size >= 256) canonicalTags.clear();
    canonicalTags.set(value, tag);
  }
  return tag;
}

/** `rtl` for languages written right to left (`ar`, `he`, …), else `ltr`. */
export function textDirection(code: string | null | undefined): 'ltr' | 'rtl' {
  return rightToLeft.has(languageTag(code).split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/**
 * The labels of a language: its own table (`zh-Hant` for `zh-TW`, `pt` for `pt-BR`, `zh`
 * for `cn`), else English.
 */
export function uiStrings(code: string | null | undefined): UiStrings {
  const tag = languageTag(code).toLowerCase();
  if (uiStringTables[tag]) return uiStringTables[tag];
  const parts = tag.split('-');
  const script = parts.find((part) => part.length === 4);
  if (script && uiStringTables[`${parts[0]}-${script}`]) return uiStringTables[`${parts[0]}-${script}`]!;
  if (script === 'hans') return zh;
  return uiStringTables[parts[0]!] ?? en;
}

/** A label with its `{name}` placeholders replaced: `formatUiString(strings.openIn, {name: 'Claude'})`. */
export function formatUiString(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Labels the client scripts read from the page (`<script id="dg-strings">`): copy buttons, menus, search, the "Copy page" menu. */
export const clientStringKeys: readonly UiStringKey[] = [
  'copy',
  'copied',
  'copiedToClipboard',
  'couldNotCopy',
  'showMore',
  'showLess',
  'chooseTab',
  'view',
  'openNavigation',
  'closeNavigation',
  'search',
  'searchLabel',
  'searchResults',
  'searchNoResults',
  'searchRecent',
  'searchToSelect',
  'searchToNavigate',
  'searchToClose',
  'searchClose',
  'searchSuggested',
  'searchMatches',
  'searchMatchesOne',
  'searchMore',
  'searchUnavailable',
  'close',
  'pageCopied',
  'linkCopied',
  'mcpCopied',
  'commandCopied',
];

/**
 * The `<script type="application/json" id="dg-strings">` block of a page: the client labels
 * of its language, so `site.js` and the other scripts need no table of their own. Read it
 * with `JSON.parse(document.getElementById('dg-strings').textContent)`.
 */
export function clientStringsScript(strings: UiStrings): string {
  const picked: Record<string, string> = {};
  for (const key of clientStringKeys) picked[key] = strings[key];
  // Labels are this package's own text: no `<` to escape, but keep `</script>` impossible.
  return `<script type="application/json" id="dg-strings">${JSON.stringify(picked).replace(/</g, '\\u003c')}</script>`;
}

export type { UiStringKey, UiStrings } from './en.js';
