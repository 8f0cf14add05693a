import type { Root as MdastRoot } from 'mdast';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { VFile } from 'vfile';

// The class names a page, snippet or component may put on an element: what the site's
// Tailwind stylesheet is generated for (`tailwind-css.ts`). Like Tailwind's own scanner, this
// over-collects rather than misses: every word of a `class`/`className` value, and every word
// of every string in JavaScript (a component may pick its classes with a ternary or keep them
// in a constant). Tailwind drops the words that are not utilities, so an extra word costs
// nothing; a missed one leaves an element unstyled. Prose and code blocks are not read: a
// page's text naming `hidden` or `grid` does not end up in the stylesheet.

/** A word that may be a class name: printable ASCII without spaces or markup characters, not too long. */
const candidateShape = /^[!-~]{1,160}$/;
const notCandidate = /[<>{}\\`]|^[^a-z!@*[-]/i;

/**
 * The words of a text: runs of characters other than spaces and quotes, where a bracketed part
 * (an arbitrary value, `content-['x']`) may hold quotes. Quotes split words as they do for
 * Tailwind's scanner: HTML in a script's string (`'<div class="my-4 px-5">'`) gives `my-4` and
 * `px-5`, not `class="my-4` and `px-5">`.
 */
const word = /(?:[^\s"'`[]|\[[^\]\s]*\])+/g;

/** The words of a class list (or any string) that may be class names. */
export function candidatesOf(text: string): string[] {
  const words: string[] = [];
  for (const [found] of text.matchAll(word)) {
    // A comma or semicolon ending a word is punctuation after it (`['a', 'b']` read as text).
    const trimmed = found.replace(/^[,;]+|[,;]+$/g, '');
    // Markup characters are allowed inside an arbitrary value or variant (`[&>*]:p-2`).
    if (candidateShape.test(trimmed) && !notCandidate.test(trimmed.replace(/\[[^\]]*\]/g, '[]'))) words.push(trimmed);
  }
  return words;
}

/**
 * The contents of every string literal and template literal part in JavaScript (or TypeScript,
 * JSX) source: a scanner, not a parser, so it never fails. Comments are skipped; a `'` or `"`
 * string ends at its line's end, so an apostrophe in JSX text loses at most that line.
 */
export function scriptStrings(source: string): string[] {
  const strings: string[] = [];
  // Open template literals; each holds the brace depth of the `${` it is inside, if any.
  const templates: number[] = [];
  let depth = 0;
  let index = 0;
  const readTemplate = (): void => {
    // At the character after a backtick or `}` closing a substitution.
    let text = '';
    while (index < source.length) {
      const char = source[index]!;
      if (char === '\\') {
        text += source.slice(index, index + 2);
        index += 2;
      } else if (char === '`') {
        index += 1;
        strings.push(text);
        return;
      } else if (char === '$' && source[index + 1] === '{') {
        index += 2;
        strings.push(text);
        templates.push(depth);
        depth += 1;
        return;
      } else {
        text += char;
        index += 1;
      }
    }
    strings.push(text);
  };
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      index = end === -1 ? source.length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? source.length : end + 2;
    } else if (char === '"' || char === "'") {
      let end = index + 1;
      while (end < source.length && source[end] !== char && source[end] !== '\n') end += source[end] === '\\' ? 2 : 1;
      strings.push(source.slice(index + 1, end));
      index = end + 1;
    } else if (char === '`') {
      index += 1;
      readTemplate();
    } else if (char === '{') {
      depth += 1;
      index += 1;
    } else if (char === '}') {
      depth -= 1;
      index += 1;
      // The end of a `${…}`: the template goes on.
      if (templates.length > 0 && templates.at(-1) === depth) {
        templates.pop();
        readTemplate();
      }
    } else index += 1;
  }
  return strings;
}

/** Class name candidates in JavaScript source: the words of its strings. */
export function scriptCandidates(source: string): string[] {
  return scriptStrings(source).flatMap(candidatesOf);
}

// Each project script's candidates, by file, while its size and modification time stay the
// same; and the last answer, while every file's stamp stays the same (pages ask one by one).
const projectScripts = new Map<string, { stamp: string; candidates: string[] }>();
let lastAnswer: { key: string; candidates: string[] } | undefined;

/**
 * The class name candidates of the project's own scripts (its `.js` site files, which every
 * page loads), sorted, each once. Such a script may add elements with Tailwind classes (the
 * Model Context Protocol's docs put a notice under the title), so the site's stylesheet is
 * made for them too, as Tailwind's own scanner reads every source file. A file is read again
 * when its size or modification time changes (a dev server's edit); one that cannot be read
 * adds nothing.
 */
export function projectScriptCandidates(root: string, siteFiles: readonly string[]): string[] {
  const scripts: Array<{ file: string; stamp: string }> = [];
  for (const path of siteFiles) {
    if (!path.endsWith('.js')) continue;
    const file = join(root, path);
    try {
      const info = statSync(file);
      scripts.push({ file, stamp: `${info.size}:${info.mtimeMs}` });
    } catch {
      // Gone since the project was read: nothing to add.
    }
  }
  const key = JSON.stringify(scripts);
  if (lastAnswer?.key === key) return lastAnswer.candidates;
  const found = new Set<string>();
  for (const { file, stamp } of scripts) {
    let kept = projectScripts.get(file);
    if (kept?.stamp !== stamp) {
      try {
        kept = { stamp, candidates: [...new Set(scriptCandidates(readFileSync(file, 'utf8')))] };
      } catch {
        continue;
      }
      projectScripts.set(file, kept);
    }
    for (const candidate of kept.candidates) found.add(candidate);
  }
  lastAnswer = { key, candidates: [...found].sort() };
  return lastAnswer.candidates;
}

/** `candidates` (the pages') with those of the project's own scripts: what the site's Tailwind stylesheet is made for. */
export function withProjectScripts(candidates: Iterable<string>, root: string, siteFiles: readonly string[]): Iterable<string> {
  const scripts = projectScriptCandidates(root, siteFiles);
  return scripts.length === 0 ? candidates : new Set([...candidates, ...scripts]);
}

type EstreeNode = { type?: unknown; value?: unknown; [key: string]: unknown };

/** The strings of an ESTree program or expression (string literals, template parts). */
function estreeStrings(node: unknown, found: string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) estreeStrings(child, found);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const estree = node as EstreeNode;
  if (estree.type === 'Literal' && typeof estree.value === 'string') found.push(estree.value);
  else if (estree.type === 'TemplateElement') {
    const value = estree.value as { cooked?: string | null; raw?: string } | undefined;
    found.push(value?.cooked ?? value?.raw ?? '');
  }
  for (const [key, child] of Object.entries(estree)) {
    if (key === 'loc' || key === 'range' || key === 'position' || key === 'comments') continue;
    if (typeof child === 'object' && child !== null) estreeStrings(child, found);
  }
}

const classAttribute = /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

type MdastNode = {
  type: string;
  name?: string | null;
  value?: unknown;
  children?: MdastNode[];
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  data?: { estree?: unknown };
};

/** The class name candidates of a Markdown or MDX syntax tree, sorted, each once. */
export function treeCandidates(tree: MdastRoot): string[] {
  const found = new Set<string>();
  const add = (words: Iterable<string>): void => {
    for (const word of words) found.add(word);
  };
  const visit = (node: MdastNode): void => {
    if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const strings: string[] = [];
      estreeStrings(node.data?.estree, strings);
      // Without a syntax tree (a plugin made the node), the code is scanned.
      add((node.data?.estree ? strings : scriptStrings(String(node.value ?? ''))).flatMap(candidatesOf));
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes ?? []) {
        if (attribute.type === 'mdxJsxExpressionAttribute') {
          const strings: string[] = [];
          estreeStrings((attribute.value as { data?: { estree?: unknown } } | undefined)?.data?.estree ?? (attribute as { data?: { estree?: unknown } }).data?.estree, strings);
          add(strings.flatMap(candidatesOf));
          continue;
        }
        const value = attribute.value;
        if (attribute.name === 'className' || attribute.name === 'class') {
          if (typeof value === 'string') add(candidatesOf(value));
        }
        // Any expression value (`className={cn(…)}`, `classes={{ root: '…' }}`, a ternary
        // passed down to a component): its strings.
        if (typeof value === 'object' && value !== null) {
          const expression = value as { value?: string; data?: { estree?: unknown } };
          const strings: string[] = [];
          estreeStrings(expression.data?.estree, strings);
          add((expression.data?.estree ? strings : scriptStrings(expression.value ?? '')).flatMap(candidatesOf));
        }
      }
    } else if (node.type === 'html' && typeof node.value === 'string') {
      for (const match of node.value.matchAll(classAttribute)) add(candidatesOf(match[1] ?? match[2] ?? ''));
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree as unknown as MdastNode);
  return [...found].sort();
}

/**
 * remark plugin: the class name candidates of the page go to `file.data.classCandidates`
 * (sorted, each once), read before any other plugin changes the tree.
 */
export function remarkClassCandidates() {
  return (tree: MdastRoot, file: VFile): void => {
    file.data.classCandidates = treeCandidates(tree);
  };
}
