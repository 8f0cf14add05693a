import { resolveProjectPath, type DocsgenMessage, type ResolvedDocsConfig, type SourceLocation } from '@docsgen/config';
import { rehypeHighlightCode, type HighlightCodeOptions } from '@docsgen/mdx-transforms';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** A TextMate grammar as Shiki registers it (`name`, `scopeName`, `patterns`, `aliases`). */
export type CustomLanguage = NonNullable<HighlightCodeOptions['languages']>[number];

export interface LoadCustomLanguagesOptions {
  /** Project root: grammar paths are relative to it and must stay inside it. */
  root: string;
  /** Resolved docs.json; `styling.codeblocks.languages.custom` lists the grammars. */
  config: ResolvedDocsConfig | undefined;
  /** Finds where a docs.json value was written, for message positions. */
  locate?: ((path: readonly (string | number)[]) => SourceLocation | undefined) | null | undefined;
}

const source = '@docsgen/core';
// Generous for a grammar (the largest bundled Shiki grammars are about 1 MB) and small enough
// that a wrong path to a huge file does not stall every page.
const maxGrammarBytes = 4 * 1024 * 1024;

/**
 * Read the custom Shiki grammars docs.json lists in `styling.codeblocks.languages.custom`.
 *
 * Each path is relative to the project root and must stay inside it, also through symbolic
 * links. A grammar that cannot be used is left out with a warning at its docs.json entry:
 * `code-language-outside-root`, `code-language-missing`, `code-language-unreadable` or
 * `code-language-invalid` (not JSON, no string `name`/`scopeName` and array `patterns`, or
 * a `name` Shiki bundles).
 *
 * @param options
 *   Root, config and `locate`.
 * @returns
 *   The usable grammars, in docs.json order; the absolute paths inside the root it tried to
 *   read (their content is part of the site, like a config file's); the warnings.
 */
export async function loadCustomLanguages(
  options: LoadCustomLanguagesOptions,
): Promise<{ languages: CustomLanguage[]; files: string[]; messages: DocsgenMessage[] }> {
  const paths = options.config?.codeBlocks.customLanguages ?? [];
  const languages: CustomLanguage[] = [];
  const files: string[] = [];
  const messages: DocsgenMessage[] = [];
  if (paths.length === 0) return { languages, files, messages };

  const root = resolve(options.root);

  for (const [index, path] of paths.entries()) {
    const jsonPath = ['styling', 'codeblocks', 'languages', 'custom', index];
    const place = options.locate?.(jsonPath);
    const warn = (ruleId: string, reason: string, note?: string): undefined => {
      messages.push({
        reason,
        ruleId,
        source,
        fatal: false,
        file: place?.file ?? resolve(root, 'docs.json'),
        line: place?.line,
        column: place?.column,
        path: `styling.codeblocks.languages.custom[${index}]`,
        actual: path,
        note,
      });
    };

    const resolved = resolveProjectPath(root, path);
    // Watched: a grammar that appears, changes or goes away inside the root changes the site.
    if (resolved.ok || (resolved.reason !== 'remote' && resolved.reason !== 'outside-root')) files.push(resolved.file);
    if (!resolved.ok) {
      switch (resolved.reason) {
        case 'missing':
          warn('code-language-missing', `Cannot load grammar \`${path}\`: file does not exist`, 'Check the path; it is relative to the project root.');
          break;
        case 'unreadable':
          warn('code-language-unreadable', `Cannot load grammar \`${path}\`: ${resolved.error instanceof Error ? resolved.error.message : String(resolved.error)}`);
          break;
        case 'remote':
          warn('code-language-outside-root', `Cannot load grammar \`${path}\`: grammars are read from project files, never fetched`, 'Download the grammar into the project folder.');
          break;
        case 'link-outside-root':
          warn('code-language-outside-root', `Cannot load grammar \`${path}\`: the path leads outside the project root through a symbolic link`, 'Move the grammar file into the project folder.');
          break;
        default:
          warn('code-language-outside-root', `Cannot load grammar \`${path}\`: the path is outside the project root`, 'Move the grammar file into the project folder.');
      }
      continue;
    }
    let text: string;
    try {
      const buffer = await readFile(resolved.real);
      if (buffer.length > maxGrammarBytes) {
        warn('code-language-unreadable', `Cannot load grammar \`${path}\`: the file is larger than 4 MB`);
        continue;
      }
      text = buffer.toString('utf8').replace(/^\uFEFF/, '');
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      warn('code-language-unreadable', `Cannot load grammar \`${path}\`: ${code === 'EISDIR' ? 'it is a folder, expected a JSON file' : error instanceof Error ? error.message : String(error)}`);
      continue;
    }

    let grammar: unknown;
    try {
      grammar = JSON.parse(text);
    } catch (error) {
      warn('code-language-invalid', `Cannot load grammar \`${path}\`: it is not valid JSON (${(error as Error).message})`);
      continue;
    }
    const problem = findGrammarProblem(grammar);
    if (problem) {
      warn('code-language-invalid', `Cannot load grammar \`${path}\`: ${problem}`, 'A grammar is a TextMate grammar JSON file with `name`, `scopeName` and `patterns`, as Shiki loads it.');
      continue;
    }
    try {
      // The plugin's own option check is the last word (it also refuses bundled names).
      rehypeHighlightCode({ languages: [grammar as CustomLanguage] });
    } catch {
      warn('code-language-invalid', `Cannot load grammar \`${path}\`: its \`name\` \`${(grammar as CustomLanguage).name}\` is a language Shiki already has`, 'Rename the grammar; fences can still use the old name through `aliases`.');
      continue;
    }
    languages.push(grammar as CustomLanguage);
  }

  return { languages, files, messages };
}

function findGrammarProblem(grammar: unknown): string | undefined {
  if (typeof grammar !== 'object' || grammar === null || Array.isArray(grammar)) return 'expected a JSON object';
  const { name, scopeName, patterns, aliases } = grammar as Record<string, unknown>;
  if (typeof name !== 'string' || !/^[\w.+#-]+$/.test(name)) return `unexpected \`name\` ${JSON.stringify(name) ?? 'undefined'}, expected a language name such as \`mylang\``;
  if (typeof scopeName !== 'string' || scopeName === '') return 'expected a string `scopeName`, such as `source.mylang`';
  if (!Array.isArray(patterns)) return 'expected an array `patterns`';
  if (aliases !== undefined && (!Array.isArray(aliases) || aliases.some((alias) => typeof alias !== 'string' || alias === ''))) return 'expected `aliases` to be a list of names';
  return undefined;
}
