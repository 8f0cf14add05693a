import type { DocsgenMessage } from '@docsgen/config';
import { didYouMean } from '@docsgen/util/did-you-mean';
import { dirname } from 'node:path';
import type { ResolvedRef } from './load-spec.js';
import { createSpecMessage, type SpecMessageFields } from './message.js';
import { getAtPath, isRecord, parsePointer } from './pointer.js';
import { describeRefusal, readProjectFile, type ReadRefusal } from './project-files.js';
import { collectRefSites, splitRef, type RefSite } from './refs.js';
import { parseSourceDocument, type SourceDocument } from './source-document.js';

/** Most files one spec may pull in through `$ref`s. */
export const maxSpecFiles = 500;

/** What a crawl of a spec's `$ref`s reads from and writes into. */
export interface RefCrawlOptions {
  /** Absolute project root; no file outside it is read. */
  root: string;
  /** Every file read, by absolute real path: holds the entry file, and gets each file a `$ref` names. */
  documents: Map<string, SourceDocument>;
  /** Outcome per distinct `$ref` (`refKey`): its target, or `null` when it has none. */
  resolved: Map<string, ResolvedRef | null>;
  /** Where the problems found go, in the order they are found. */
  messages: DocsgenMessage[];
  /** A file's path relative to the project root, for messages. */
  labelOf(file: string): string;
  /** Places warnings on their line and column (errors always are). */
  shouldPlaceWarnings: boolean;
}

/** The key of one `$ref` as written in one file, in `RefCrawlOptions.resolved`. */
export function refKey(file: string, ref: string): string {
  return file + '\0' + ref;
}

interface CrawlState extends RefCrawlOptions {
  /** Files read whose `$ref`s are still to be followed. */
  pending: SourceDocument[];
  /** Files that were named but not kept (a syntax error, or one file too many). */
  failedFiles: Set<string>;
}

/**
 * Follows every `$ref` of `entry` and of the files they name, breadth first, each file read
 * (and each failure reported) once: every site of a broken `$ref` gets its message, placed on
 * the `$ref` itself. Returns every `$ref` site found, in the order read.
 */
export async function crawlRefs(entry: SourceDocument, options: RefCrawlOptions): Promise<RefSite[]> {
  const state: CrawlState = { ...options, pending: [entry], failedFiles: new Set() };
  const sites: RefSite[] = [];
  // The message every site of a broken (file, $ref) gets.
  const failures = new Map<string, SpecMessageFields>();
  while (state.pending.length > 0) {
    const document = state.pending.shift() as SourceDocument;
    for (const site of collectRefSites(document.file, document.value)) {
      sites.push(site);
      const key = refKey(site.file, site.ref);
      if (!state.resolved.has(key)) {
        state.resolved.set(key, null);
        const outcome = await resolveSite(site, document, state);
        if ('value' in outcome) state.resolved.set(key, outcome);
        else if (outcome.failure) failures.set(key, outcome.failure);
      }
      const failure = failures.get(key);
      if (failure) {
        const isPlaced = state.shouldPlaceWarnings || (failure.fatal ?? true);
        state.messages.push(createSpecMessage(failure, (isPlaced ? document.locate([...site.path, '$ref']) : undefined) ?? { file: site.file }));
      }
    }
  }
  return sites;
}

/** The target of one `$ref`, or the message its sites get (none when its file has a message of its own). */
async function resolveSite(site: RefSite, document: SourceDocument, state: CrawlState): Promise<ResolvedRef | { failure: SpecMessageFields | undefined }> {
  const refLabel = `\`$ref\` \`${site.ref}\` in \`${state.labelOf(site.file)}\``;
  const parts = splitRef(site.ref);
  const pointer = parts ? parsePointer(parts.fragment) : undefined;
  if (!parts || !pointer) {
    return {
      failure: {
        reason: `Cannot resolve ${refLabel}: expected a file path and/or a JSON pointer such as \`#/components/schemas/User\``,
        ruleId: 'ref-invalid',
        actual: site.ref,
      },
    };
  }
  let target: SourceDocument | undefined = document;
  if (parts.filePart !== '') {
    const read = await readRefTarget(parts.filePart, document.file, state);
    if (!read.ok) {
      const what = read.reason === 'remote' || read.reason === 'outside-root' ? `\`${parts.filePart}\`` : `\`${state.labelOf(read.file)}\``;
      const reason = `Cannot resolve ${refLabel}: ${what} ${refusalWords(read.reason)}`;
      const refusal = describeTargetRefusal(read.reason);
      return { failure: { reason, ruleId: refusal.ruleId, fatal: refusal.fatal, actual: site.ref, note: refusal.note } };
    }
    target = read.document;
  }
  // A target file that failed to parse has its own syntax message already.
  if (!target || target.value === undefined) return { failure: undefined };
  const value = getAtPath(target.value, pointer);
  if (value === undefined) {
    return {
      failure: {
        reason: `Cannot resolve ${refLabel}: \`${state.labelOf(target.file)}\` has no \`${parts.fragment || '/'}\``,
        ruleId: 'ref-target-missing',
        actual: site.ref,
        note: suggestSibling(target.value, pointer),
      },
    };
  }
  return { file: target.file, path: pointer, value };
}

type TargetRead = { ok: true; document: SourceDocument | undefined } | { ok: false; reason: ReadRefusal; file: string };

/**
 * Reads the file a `$ref` names (relative to the file it is written in), once: a file read
 * before is its parsed document, a file that failed before is `undefined` (its message was
 * given the first time), and a new file is parsed and queued for its own `$ref`s.
 */
async function readRefTarget(filePart: string, from: string, state: CrawlState): Promise<TargetRead> {
  const read = await readProjectFile(state.root, dirname(from), filePart);
  if (!read.ok) return read;
  const known = state.documents.get(read.file);
  if (known) return { ok: true, document: known };
  if (state.failedFiles.has(read.file)) return { ok: true, document: undefined };
  if (state.documents.size >= maxSpecFiles) {
    state.failedFiles.add(read.file);
    state.messages.push(
      createSpecMessage(
        { reason: `Cannot read \`${state.labelOf(read.file)}\`: the spec refers to more than ${maxSpecFiles} files`, ruleId: 'spec-too-large' },
        { file: read.file },
      ),
    );
    return { ok: true, document: undefined };
  }
  const parsed = parseSourceDocument(read.text, read.file, state.labelOf(read.file));
  state.messages.push(...parsed.messages);
  if (parsed.document.value === undefined) {
    state.failedFiles.add(read.file);
    return { ok: true, document: undefined };
  }
  state.documents.set(read.file, parsed.document);
  state.pending.push(parsed.document);
  return { ok: true, document: parsed.document };
}

/** The rule, severity and advice of a `$ref` whose file cannot be read. */
function describeTargetRefusal(reason: ReadRefusal): Pick<SpecMessageFields, 'ruleId' | 'note'> & { fatal: boolean } {
  switch (reason) {
    case 'remote':
      return {
        ruleId: 'ref-remote',
        fatal: false,
        note: 'Remote files are never fetched: copy the file into the project and refer to it by a relative path.',
      };
    case 'outside-root':
      return { ruleId: 'ref-outside-root', fatal: true, note: 'A spec may only refer to files inside the project folder.' };
    default:
      return { ruleId: 'ref-target-missing', fatal: true, note: undefined };
  }
}

/** Words for a refused `$ref` target, completing "`file` …". */
function refusalWords(reason: ReadRefusal): string {
  switch (reason) {
    case 'remote':
      return 'is remote and is never fetched';
    case 'outside-root':
      return 'is outside the project folder';
    case 'missing':
      return 'does not exist';
    default:
      return 'cannot be read: ' + describeRefusal(reason);
  }
}

/** A did-you-mean for the last segment of a pointer that was not found. */
export function suggestSibling(value: unknown, pointer: readonly string[]): string | undefined {
  for (let index = 0; index < pointer.length; index++) {
    const parent = getAtPath(value, pointer.slice(0, index));
    const segment = pointer[index] as string;
    if (getAtPath(parent, [segment]) === undefined) {
      return isRecord(parent) ? didYouMean(segment, Object.keys(parent)) : undefined;
    }
  }
  return undefined;
}
