import type { LanguageRegistration, RegexEngine } from 'shiki';
import { bundledLanguages } from 'shiki/langs';

/** A block as far as its languages go. */
export interface EmbeddingBlock {
  /** Resolved language name (`resolveLanguage`). */
  language: string;
  /** Source code. */
  code: string;
}

/** Languages to load, in two lists. */
export interface EmbeddedLanguages {
  /** Languages that embed none lazily: to load first, in any order. */
  languages: string[];
  /** Grammars that embed others lazily, each after those it embeds: to load last, in order. */
  embedders: string[];
}

/** What a grammar that embeds languages lazily (`embeddedLangsLazy`) needs, from its rules. */
interface EmbeddingGrammar {
  /** Lazy languages its rules include outside any fence (MDX's ESM and JSX: tsx). */
  always: string[];
  /** Fence rules: the opening line they match and the lazy languages inside them. */
  fences: Array<{ scanner: ReturnType<RegexEngine['createScanner']>; languages: string[] }>;
  /** Fence line (marker and info) → languages it opens, memoised. */
  matches: Map<string, string[]>;
  /** Engine of the scanners. */
  engine: RegexEngine;
}

// A fence opening anywhere on a line (in a blockquote, a list, a JSX child): its marker and the
// rest of the line. A line that is not a fence only loads more, which changes nothing (a test
// holds this).
const fenceLine = /(`{3,}|~{3,})([^\n]*)/g;
// The begin of a rule that opens a fence in Shiki's Markdown and MDX grammars.
const fenceBegin = /`\{3|~\{3/;

// Per process, like the highlighter whose grammars they read: each grammar is analysed once.
const grammars = new Map<string, Promise<EmbeddingGrammar | undefined>>();
// Registrations by language, each imported once: an `import()` resolves its specifier again on
// every call, and every block asks for its language's (5 ms per 100 blocks).
const registrations = new Map<string, Promise<LanguageRegistration[]>>();

/**
 * Languages to load before highlighting blocks so that each block's tokens depend on the block
 * alone, never on what the thread loaded before.
 *
 * Shiki loads what a grammar embeds eagerly (`embeddedLangs`) with it, but what it embeds
 * lazily (`embeddedLangsLazy`: the fence languages of Markdown and MDX, MDX's tsx, yaml and
 * toml, the style languages of Vue and Svelte) only when something else loads them; a grammar
 * includes whatever of those happens to be loaded. So for each such grammar a block reaches
 * (its own language, and the languages of nested fences, at any depth), this adds the lazy
 * languages its rules include outside fences, and those of the fence rules that match a fence
 * line of the block. A lazy language used only in fences whose opening line the block lacks is
 * left out: its rules are never entered, so whether it is loaded cannot change the tokens.
 * Fence rules are told by their `begin` (a run of three backticks or tildes); a grammar with no
 * such rules gets all its lazy languages.
 *
 * @param engine
 *   Regex engine of the highlighter, to run the grammars' own fence patterns.
 * @param blocks
 *   Blocks to highlight.
 * @returns
 *   Their languages and what those embed (bundled ones only for the embedded).
 */
export async function resolveEmbeddedLanguages(engine: RegexEngine, blocks: Iterable<EmbeddingBlock>): Promise<EmbeddedLanguages> {
  const names = new Set<string>();
  const list = [...blocks];
  await importAll(list.map((block) => block.language));

  for (const block of list) {
    names.add(block.language);
    let lines: Set<string> | undefined;
    const queue = [block.language];
    const seen = new Set<string>();

    while (queue.length > 0) {
      const name = queue.pop()!;
      if (seen.has(name) || !Object.hasOwn(bundledLanguages, name)) continue;
      seen.add(name);

      for (const registration of await registrationsOf(name)) {
        if (!registration.embeddedLangsLazy?.length) continue;
        const grammar = await analyseGrammar(engine, registration);
        if (!grammar) continue;
        lines ??= new Set(Array.from(block.code.matchAll(fenceLine), (match) => match[1]! + match[2]!));
        const found = [...grammar.always];
        for (const line of lines) found.push(...matchFence(grammar, line));
        for (const language of found) {
          names.add(language);
          queue.push(language);
        }
      }
    }
  }

  return orderForLoading(names);
}

/**
 * Order languages so that a grammar that embeds others lazily comes after what it embeds:
 * Shiki recreates such a grammar whenever one of its lazy languages is loaded after it, and
 * each recreation walks every grammar it reaches (about 23 ms for MDX).
 */
async function orderForLoading(names: Set<string>): Promise<EmbeddedLanguages> {
  const embedders = new Map<string, Set<string>>();
  await importAll(names);
  for (const name of names) {
    if (!Object.hasOwn(bundledLanguages, name)) continue;
    const lazy = new Set<string>();
    for (const registration of await registrationsOf(name)) for (const embedded of registration.embeddedLangsLazy ?? []) lazy.add(embedded);
    if (lazy.size > 0) embedders.set(name, lazy);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  (function place(list: Iterable<string>): undefined {
    for (const name of list) {
      if (placed.has(name) || !embedders.has(name)) continue;
      placed.add(name);
      place(embedders.get(name)!);
      ordered.push(name);
    }
  })(embedders.keys());
  return { languages: [...names].filter((name) => !embedders.has(name)), embedders: ordered };
}

/**
 * Starts importing the bundled languages among `names` together; the loops that then await
 * `registrationsOf` one by one find them imported. One import after another, each waited for a
 * turn of the event loop, which a build keeps busy with another page: Markdown's 57 lazy
 * languages cost a page 2 to 3 s.
 */
async function importAll(names: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(names)].filter((name) => Object.hasOwn(bundledLanguages, name)).map(registrationsOf));
}

/**
 * Registrations a bundled language loads (its own and those it embeds eagerly).
 */
function registrationsOf(name: string): Promise<LanguageRegistration[]> {
  let loading = registrations.get(name);
  if (!loading) {
    loading = bundledLanguages[name as keyof typeof bundledLanguages]().then((module) => module.default as LanguageRegistration[]);
    registrations.set(name, loading);
    loading.catch(() => registrations.delete(name));
  }
  return loading;
}

function analyseGrammar(engine: RegexEngine, registration: LanguageRegistration): Promise<EmbeddingGrammar | undefined> {
  let grammar = grammars.get(registration.name);
  if (!grammar) {
    grammar = readGrammar(engine, registration);
    grammars.set(registration.name, grammar);
    grammar.catch(() => grammars.delete(registration.name));
  }
  return grammar;
}

async function readGrammar(engine: RegexEngine, registration: LanguageRegistration): Promise<EmbeddingGrammar | undefined> {
  const lazy = (registration.embeddedLangsLazy ?? []).filter((name) => Object.hasOwn(bundledLanguages, name));
  if (lazy.length === 0) return undefined;

  // Scope → the lazy language of that scope, else the lazy languages that embed it eagerly.
  const scopes = new Map<string, Set<string>>();
  const own = new Set<string>();
  await importAll(lazy);
  for (const name of lazy) {
    for (const loaded of await registrationsOf(name)) {
      const isOwn = loaded.name === name;
      if (own.has(loaded.scopeName)) continue;
      let names = scopes.get(loaded.scopeName);
      if (!names || isOwn) scopes.set(loaded.scopeName, (names = new Set()));
      if (isOwn) own.add(loaded.scopeName);
      names.add(name);
    }
  }

  const always = new Set<string>();
  const fences = new Map<string, Set<string>>();
  const included = new Set<string>();

  (function walk(value: unknown, fence: string | undefined): undefined {
    if (typeof value !== 'object' || value === null) return;
    const rule = value as { begin?: unknown; include?: unknown };
    const begin = typeof rule.begin === 'string' && fenceBegin.test(rule.begin) ? rule.begin : fence;
    if (typeof rule.include === 'string' && !rule.include.startsWith('#') && !rule.include.startsWith('$')) {
      for (const name of scopes.get(rule.include.split('#')[0]!) ?? []) {
        included.add(name);
        if (begin === undefined) always.add(name);
        else {
          let names = fences.get(begin);
          if (!names) fences.set(begin, (names = new Set()));
          names.add(name);
        }
      }
    }
    for (const child of Object.values(value)) walk(child, begin);
  })(registration, undefined);

  // A lazy language the rules name by no scope found above is loaded always: nothing then
  // depends on whether it was loaded before.
  for (const name of lazy) if (!included.has(name)) always.add(name);

  return {
    always: [...always],
    fences: [...fences].map(([begin, languages]) => ({ scanner: engine.createScanner([begin]), languages: [...languages] })),
    matches: new Map(),
    engine,
  };
}

function matchFence(grammar: EmbeddingGrammar, line: string): string[] {
  let languages = grammar.matches.get(line);
  if (!languages) {
    languages = [];
    // One copy of the line for every fence rule (MDX has about a hundred).
    const string = grammar.engine.createString(line);
    try {
      for (const fence of grammar.fences) {
        if (fence.scanner.findNextMatchSync(string, 0, 0)) languages.push(...fence.languages);
      }
    } finally {
      string.dispose?.();
    }
    grammar.matches.set(line, languages);
  }
  return languages;
}
