/**
 * What a code fence's meta string says (the text after the language:
 * ```` ```js index.js icon="js" lines highlight={1-2,5} ````).
 */
export interface CodeMeta {
  /** Caption: the bare words that are not flags (`index.js`), or `title="…"`. */
  title: string | undefined;
  /** Icon name from `icon="…"`. */
  icon: string | undefined;
  /** Show line numbers (`lines`, also `showLineNumbers`). */
  lines: boolean;
  /** Wrap long lines instead of scrolling (`wrap`). */
  wrap: boolean;
  /** Collapse a long block behind an “expand” control (`expandable`). */
  expandable: boolean;
  /** 1-based line numbers to highlight, sorted and unique (`{1-3,5}` or `highlight={1-3,5}`). */
  highlight: number[];
  /** 1-based line numbers to focus, sorted and unique (`focus={3}`). */
  focus: number[];
  /** `bare` or `bar` when the fence overrides the site's chrome; the last flag wins. */
  chrome: 'bare' | 'bar' | undefined;
  /** No copy button on this block (`nocopy`). */
  noCopy: boolean;
  /** The block asks for TypeScript type information (`twoslash`); recorded, not run. */
  twoslash: boolean;
}

// `key="v"`, `key='v'`, `key={v}`, `key=v`, `{1-3}`, `"quoted words"` or a bare word.
const token =
  /([A-Za-z][\w-]*)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S*))|\{([^}]*)\}|"([^"]*)"|'([^']*)'|(\S+)/g;
const flags = new Map<string, (meta: CodeMeta) => void>([
  ['lines', (meta) => (meta.lines = true)],
  ['showLineNumbers', (meta) => (meta.lines = true)],
  ['wrap', (meta) => (meta.wrap = true)],
  ['expandable', (meta) => (meta.expandable = true)],
  ['bare', (meta) => (meta.chrome = 'bare')],
  ['bar', (meta) => (meta.chrome = 'bar')],
  ['nocopy', (meta) => (meta.noCopy = true)],
  ['twoslash', (meta) => (meta.twoslash = true)],
]);
// Written as attributes (`lines=true`), flags are told apart from title words by their `=`: any case.
const attributeFlags = new Map([...flags].map(([name, set]) => [name.toLowerCase(), set]));
// A hostile `{1-1000000000}` must not allocate a billion numbers.
const maxLine = 10_000;

/**
 * Parse a code fence meta string.
 *
 * Flags are the words `lines`, `wrap`, `expandable`, `bare`, `bar`, `nocopy`, `twoslash` and
 * `showLineNumbers`, written in that case: a capitalised word is part of the title, so
 * ```` ```python Expandable example expandable ```` has the title `Expandable example` and is
 * expandable, and ```` ```js Lines of code ```` is only a title. `key=value` pairs may quote
 * their value with `"`, `'` or braces. Bare words that are not flags form the title, joined by
 * one space (```` ```bash Install the CLI wrap ```` has the title `Install the CLI`);
 * `title="…"` wins over them. Keys of `key=value` pairs are read in any case (`Lines=true`);
 * unknown ones are ignored.
 *
 * @param meta
 *   Meta string of the fence (`node.meta` in mdast), or nothing.
 * @returns
 *   Parsed meta; every field is set, to `undefined`, `false` or `[]` when absent.
 */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = {
    title: undefined,
    icon: undefined,
    lines: false,
    wrap: false,
    expandable: false,
    highlight: [],
    focus: [],
    chrome: undefined,
    noCopy: false,
    twoslash: false,
  };
  if (typeof meta !== 'string' || meta.trim() === '') return result;

  const words: string[] = [];
  let title: string | undefined;
  let hasHighlight = false;

  for (const match of withoutWrappedAttributes(meta).matchAll(token)) {
    const [, key, double, single, braced, bare, lineList, quoted, singleQuoted, word] = match;

    if (key !== undefined) {
      const value = double ?? single ?? braced ?? bare ?? '';
      const name = key.toLowerCase();
      if (name === 'title') title = value;
      else if (name === 'icon') result.icon = value || undefined;
      else if (name === 'highlight') {
        result.highlight = parseLineList(value);
        hasHighlight = true;
      } else if (name === 'focus') result.focus = parseLineList(value);
      // `lines=true`, `wrap=false` … for flags written as attributes.
      else if (value !== 'false') attributeFlags.get(name)?.(result);
    } else if (lineList !== undefined) {
      // A bare `{1-3}` highlights, unless `highlight=` already did.
      if (!hasHighlight) result.highlight = parseLineList(lineList);
      hasHighlight = true;
    } else {
      const text = quoted ?? singleQuoted ?? word!;
      const isQuoted = quoted !== undefined || singleQuoted !== undefined;
      const flag = isQuoted ? undefined : flags.get(text);
      if (flag) flag(result);
      else if (text !== '') words.push(text);
    }
  }

  result.title = title ?? (words.length > 0 ? words.join(' ') : undefined);
  return result;
}

// An attribute in braces of its own, `{highlight={1,4}}` (JSX-style, as projects converted from
// other tools write it): read as the attribute, not as a line list with a stray `}` for a title.
const wrappedAttribute = /\{\s*([A-Za-z][\w-]*=(?:\{[^{}]*\}|"[^"]*"|'[^']*'))\s*\}/g;

function withoutWrappedAttributes(meta: string): string {
  return meta.includes('={') || meta.includes('="') || meta.includes("='") ? meta.replace(wrappedAttribute, ' $1 ') : meta;
}

/**
 * Whether a fence's first word, which Markdown takes for its language, is an attribute of its
 * meta instead (```` ```title="Setup" ```` or ```` ```{highlight={2}} ````): no language has `=`.
 */
export function isMetaNotLanguage(lang: string | null | undefined): boolean {
  return typeof lang === 'string' && /^\{|^[A-Za-z][\w-]*=/.test(lang);
}

/**
 * Parse `1-3,5` (braces optional) into sorted unique line numbers; bad parts are skipped.
 *
 * @param value
 *   Line list as written.
 * @returns
 *   1-based line numbers.
 */
export function parseLineList(value: string): number[] {
  const lines = new Set<number>();

  for (const part of value.replace(/[{}[\]\s]/g, '').split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) continue;
    const start = Number(range[1]);
    const end = Math.min(range[2] === undefined ? start : Number(range[2]), maxLine);
    for (let line = Math.max(start, 1); line <= end; line++) lines.add(line);
  }

  return [...lines].sort((a, b) => a - b);
}

/**
 * Write line numbers back as a compact list: `[1, 2, 3, 5]` → `1-3,5`.
 *
 * @param lines
 *   Sorted unique line numbers.
 * @returns
 *   Compact list, empty for no lines.
 */
export function formatLineList(lines: readonly number[]): string {
  const parts: string[] = [];
  let index = 0;

  while (index < lines.length) {
    const start = lines[index]!;
    let end = start;
    while (lines[index + 1] === end + 1) end = lines[++index]!;
    parts.push(start === end ? String(start) : `${start}-${end}`);
    index++;
  }

  return parts.join(',');
}
