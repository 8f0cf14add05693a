import type { DocsgenMessage } from '@docsgen/config';
import { CORE_SCHEMA, load as loadLeniently } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';

/** Page frontmatter as written: any YAML mapping. */
export type Frontmatter = Record<string, unknown>;

export interface ParsedPageSource {
  /** The frontmatter mapping; `{}` when the page has none or it is unusable. */
  data: Frontmatter;
  /** The page body after the closing fence. */
  content: string;
  /** 1-based line in the file where `content` starts. */
  contentLine: number;
  /** Problems with the frontmatter, positioned in the page file. */
  messages: DocsgenMessage[];
}

const source = '@docsgen/core';
const fence = /^---[ \t]*$/;

/**
 * Splits a page into YAML frontmatter and body. Pure: the caller reads the file. A page
 * that does not start with `---` has no frontmatter. Positions in messages are those of the
 * page file, so the first frontmatter line is line 2.
 */
export function parseFrontmatter(text: string, options: { file: string }): ParsedPageSource {
  const file = options.file;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstBreak = input.search(/\r?\n/);
  if (!fence.test(firstBreak === -1 ? input : input.slice(0, firstBreak))) {
    return { data: {}, content: input, contentLine: 1, messages: [] };
  }
  // Only the frontmatter is split into lines; the body can be long.
  const closing = /\r?\n(?:---|\.\.\.)[ \t]*(?=\r?\n|$)/g;
  closing.lastIndex = firstBreak;
  const match = closing.exec(input);
  const lines = match ? input.slice(0, match.index).split(/\r?\n/) : [];
  const end = match ? lines.length : -1;
  if (end === -1) {
    return {
      data: {},
      content: input,
      contentLine: 1,
      messages: [
        {
          reason: 'Cannot parse frontmatter: the opening `---` on line 1 is never closed',
          ruleId: 'frontmatter-unclosed',
          source,
          fatal: true,
          file,
          line: 1,
          column: 1,
          note: 'End the frontmatter with a line holding only `---`.',
        },
      ],
    };
  }
  const yamlText = lines.slice(1).join('\n');
  const afterFence = input.slice((match?.index ?? 0) + (match?.[0].length ?? 0));
  const content = afterFence.replace(/^\r?\n/, '');
  const contentLine = end + 2;
  const simple = simpleMapping(lines);
  if (simple) return { data: simple, content, contentLine, messages: [] };
  const messages: DocsgenMessage[] = [];
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true, lineCounter });
  for (const [problems, fatal] of [[document.errors, true], [document.warnings, false]] as const) {
    for (const problem of problems) {
      const place = lineCounter.linePos(problem.pos[0]);
      messages.push({
        reason: `Cannot parse frontmatter: ${firstLine(problem.message)}`,
        ruleId: 'frontmatter-yaml',
        source,
        fatal,
        file,
        // +1: the YAML starts on the line after the opening fence.
        line: place.line + 1,
        column: place.col,
      });
    }
  }
  if (document.errors.length > 0) {
    const lenient = readLeniently(yamlText);
    if (lenient === undefined) return { data: {}, content, contentLine, messages };
    // The hosted platform reads frontmatter with js-yaml, which accepts some text YAML 1.2 does
    // not (a quoted scalar continued on a line at column 0). Read it that way, and say where.
    const warnings = messages.map((message) => ({
      ...message,
      reason: message.fatal ? `${message.reason}; read as js-yaml reads it, as the hosted platform does` : message.reason,
      fatal: false,
      note: message.fatal ? 'This is not valid YAML, and other YAML readers reject it. Indent the lines that continue a value past the key, or write the value on one line.' : message.note,
    }));
    return { data: lenient, content, contentLine, messages: warnings };
  }
  let data: unknown;
  try {
    data = document.toJS();
  } catch (error) {
    // An alias without its anchor (`x: *missing`) parses but cannot be resolved.
    messages.push({
      reason: `Cannot parse frontmatter: ${firstLine((error as Error).message)}`,
      ruleId: 'frontmatter-yaml',
      source,
      fatal: true,
      file,
      line: aliasLine(yamlText) + 1,
      column: 1,
    });
    return { data: {}, content, contentLine, messages };
  }
  if (data === null || data === undefined) return { data: {}, content, contentLine, messages };
  if (typeof data !== 'object' || Array.isArray(data)) {
    messages.push({
      reason: `Unexpected ${Array.isArray(data) ? 'list' : typeof data} as frontmatter, expected a mapping of keys such as \`title: …\``,
      ruleId: 'frontmatter-not-mapping',
      source,
      fatal: true,
      file,
      line: 2,
      column: 1,
    });
    return { data: {}, content, contentLine, messages };
  }
  return { data: data as Frontmatter, content, contentLine, messages };
}

// `key: value` on one line, the value double- or single-quoted without escapes, plain, a
// decimal number, or a list of double-quoted strings without escapes on that line.
const simpleLine = /^([A-Za-z_][\w-]*):(?:[ \t]+(?:"([^"\\]*)"|'([^']*)'|([A-Za-z/][^:#]*?)|(-?(?:0|[1-9]\d{0,14})(?:\.\d{1,15})?)|\[((?:[ \t]*"[^"\\]*"[ \t]*,)*[ \t]*"[^"\\]*"[ \t]*|[ \t]*)\]))?[ \t]*$/;
const quoted = /"([^"\\]*)"/g;
const plainWords = new Map<string, boolean | null>([
  ['true', true], ['True', true], ['TRUE', true], ['false', false], ['False', false], ['FALSE', false], ['null', null], ['Null', null], ['NULL', null],
]);

/**
 * The frontmatter most pages have, read without the YAML parser: one `key: value` per line
 * (blank lines between), each key once, each value a string in double quotes without
 * backslashes, in single quotes without quotes inside, plain text starting with a letter or
 * `/` and holding no `:` or `#` (`true`, `false` and `null` as YAML reads them), a decimal
 * number (`3`, `-2`, `0.25`), or a list of such double-quoted strings (`["a", "b"]`).
 * `undefined` for anything else, which goes to the YAML parser: the result is always what it
 * would give, and a test holds the two to that. Reading 1,000 pages' frontmatter this way
 * takes a fraction of the parser's time, which a dev server pays before its first page (on
 * the hosted platform's own docs, a third of its pages have `keywords: [...]`, `boost: 3` or
 * `openapi: /spec.json GET /path`).
 */
function simpleMapping(lines: readonly string[]): Frontmatter | undefined {
  const data: Frontmatter = {};
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    const match = simpleLine.exec(line);
    if (!match) return undefined;
    const key = match[1]!;
    if (Object.hasOwn(data, key) || key === '__proto__') return undefined;
    const [, , doubled, single, plain, number, list] = match;
    let value: unknown;
    if (doubled !== undefined) value = doubled;
    else if (single !== undefined) value = single;
    else if (number !== undefined) value = Number(number);
    else if (list !== undefined) value = [...list.matchAll(quoted)].map((item) => item[1]);
    else if (plain === undefined) value = null;
    else value = plainWords.has(plain) ? plainWords.get(plain) : plain;
    data[key] = value;
  }
  return data;
}

/**
 * The frontmatter as js-yaml reads it (gray-matter's reader, which the hosted platform uses),
 * with YAML 1.2's core schema as above, so a date stays text; `undefined` when js-yaml rejects
 * it too or it is not a mapping, and the YAML parser's errors stand.
 */
function readLeniently(yamlText: string): Frontmatter | undefined {
  try {
    const data = loadLeniently(yamlText, { schema: CORE_SCHEMA });
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Frontmatter) : undefined;
  } catch {
    return undefined;
  }
}

function firstLine(message: string): string {
  // Positions are given separately; keep the sentence only.
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
}

/** 1-based line of the first alias (`*name`) in the YAML, where an unresolved alias lives. */
function aliasLine(yamlText: string): number {
  const index = yamlText.split('\n').findIndex((line) => /(^|[\s:[,-])\*[^\s*]/.test(line));
  return index === -1 ? 1 : index + 1;
}

/**
 * Where the value of top-level frontmatter key `key` starts in a page's text (1-based line and
 * column of the page file), for messages about it; `undefined` when the frontmatter does not
 * write the key on a line of its own (`key: value`).
 */
export function locateFrontmatterValue(text: string, key: string): { line: number; column: number } | undefined {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
  if (!fence.test(lines[0] ?? '')) return undefined;
  const pattern = new RegExp(`^(["']?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1[ \\t]*:([ \\t]*)`);
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (/^(---|\.\.\.)[ \t]*$/.test(line)) return undefined;
    const match = pattern.exec(line);
    if (match) return { line: index + 1, column: match[0].length + 1 };
  }
  return undefined;
}

/**
 * `messages`, each one about a page of `files` that has no line placed where the page's
 * frontmatter writes `key` (`openapi: spec.yaml GET /x`, for a message about that operation).
 * The page is read again: only for such a message.
 */
export function placeOnFrontmatter(messages: readonly DocsgenMessage[], files: ReadonlySet<string>, key: string): DocsgenMessage[] {
  const found = new Map<string, { line: number; column: number } | undefined>();
  return messages.map((message) => {
    if (message.line !== undefined || message.file === undefined || !files.has(message.file)) return message;
    if (!found.has(message.file)) found.set(message.file, locateFrontmatterValueInFile(message.file, key));
    const place = found.get(message.file);
    return place ? { ...message, ...place } : message;
  });
}

/**
 * `locateFrontmatterValue` in the page file `file`, read again for a message about the key;
 * `undefined` when the file is gone since it was read.
 */
export function locateFrontmatterValueInFile(file: string, key: string): { line: number; column: number } | undefined {
  try {
    return locateFrontmatterValue(readFileSync(file, 'utf8'), key);
  } catch {
    return undefined;
  }
}
