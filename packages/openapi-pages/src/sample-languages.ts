import type { CodeSampleModel } from './page-model.js';

// The languages of request samples, as the hosted platform names them (api-playground
// "All supported languages": display name, key, aliases). An `x-codeSamples` entry's `lang` is
// read through this table so that `curl`, `cURL` and `shell` are one language, shown as "cURL"
// and highlighted as `bash`, and a reader picks a language by the name the platform uses.

/** Key (the highlighting language), display name and aliases of each language. */
const languages: ReadonlyArray<readonly [key: string, name: string, aliases: readonly string[]]> = [
  ['bash', 'cURL', ['curl', 'sh', 'shell']],
  ['python', 'Python', ['py']],
  ['javascript', 'JavaScript', ['js']],
  ['node', 'Node.js', ['nodejs', 'node.js']],
  ['php', 'PHP', []],
  ['go', 'Go', ['golang']],
  ['java', 'Java', []],
  ['ruby', 'Ruby', ['rb']],
  ['powershell', 'PowerShell', []],
  ['swift', 'Swift', []],
  ['csharp', 'C#', ['c#']],
  ['dotnet', '.NET', ['.net', 'dot-net']],
  ['typescript', 'TypeScript', ['ts']],
  ['c', 'C', []],
  ['cpp', 'C++', ['c++']],
  ['kotlin', 'Kotlin', ['kt']],
  ['rust', 'Rust', ['rs']],
  ['dart', 'Dart', ['flutter']],
];

const byName = new Map<string, { key: string; name: string }>();
for (const [key, name, aliases] of languages) for (const alias of [key, ...aliases]) byName.set(alias, { key, name });

/**
 * The language of a sample's `lang` as written: its key (`bash` for `curl`, `cURL`, `sh`) and
 * display name (`cURL`); a language the table lacks keeps its lower-cased `lang` as key and the
 * `lang` as written as name.
 */
export function sampleLanguageOf(lang: string): { key: string; name: string } {
  const written = lang.trim();
  return byName.get(written.toLowerCase()) ?? { key: written.toLowerCase(), name: written };
}

/**
 * One `x-codeSamples` entry as a sample: its language from `lang`, and its `label` as the
 * variant of that language (`Self-Hosted`) unless it only names the language. The label a
 * reader reads alone (the Markdown twin) names both: `Python · Self-Hosted`, or the spec's
 * label when it names the language already (`Ruby SDK`).
 */
export function specCodeSample(lang: string, label: string | undefined, source: string): CodeSampleModel {
  const { key, name } = sampleLanguageOf(lang);
  const written = label?.trim();
  const names = [name.toLowerCase(), key, lang.trim().toLowerCase()];
  const variant = written && !names.includes(written.toLowerCase()) ? written : undefined;
  const fullLabel = variant === undefined ? name : names.some((candidate) => hasWord(variant.toLowerCase(), candidate)) ? variant : `${name} · ${variant}`;
  return { lang: key, label: fullLabel, language: name, variant, source, isGenerated: false };
}

/** Whether `text` has `word` with no letter or digit right before or after it (`go` is in "Go SDK", not in "Google"). */
function hasWord(text: string, word: string): boolean {
  for (let index = text.indexOf(word); index >= 0; index = text.indexOf(word, index + 1)) {
    const before = text[index - 1];
    const after = text[index + word.length];
    if (!(before && /[\p{L}\p{N}]/u.test(before)) && !(after && /[\p{L}\p{N}]/u.test(after))) return true;
  }
  return false;
}

/**
 * The samples of an operation: the spec's own, then the generated ones in the languages the
 * spec gives none (a generated cURL beside the spec's cURL would be a second, different request
 * under the same name).
 */
export function withGeneratedSamples(own: CodeSampleModel[], generated: CodeSampleModel[]): CodeSampleModel[] {
  const covered = new Set(own.map((sample) => sample.lang));
  return [...own, ...generated.filter((sample) => !covered.has(sample.lang))];
}
