import { compareMessages, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { crawlRefs, refKey } from './crawl-refs.js';
import { findRefCycles } from './cycles.js';
import { createSpecMessage } from './message.js';
import type { DocumentPath } from './pointer.js';
import { describeRefusal, readProjectFile, type ReadRefusal } from './project-files.js';
import type { RefSite } from './refs.js';
import { parseSourceDocument, type SourceDocument } from './source-document.js';
import { detectSpecKind, type SpecKind } from './spec-kind.js';
import { validateSpecDocument } from './validate.js';

/** Where a `$ref` leads: the file, the path inside it and the value found there. */
export interface ResolvedRef {
  /** Absolute real path of the target file. */
  file: string;
  /** Path of the target inside that file. */
  path: DocumentPath;
  /** The target value. */
  value: unknown;
}

/** A spec file with every file it refers to, ready for the page builders. */
export interface LoadedSpec {
  /** Absolute path of the project root. */
  root: string;
  /** Absolute real path of the entry file. */
  file: string;
  /** Entry file relative to the project root, with `/` separators (`api/openapi.yaml`). */
  label: string;
  /** `openapi` (also Swagger 2.0), `asyncapi`, or `undefined` when not recognised. */
  kind: SpecKind | undefined;
  /** The version as written (`3.1.0`, `2.0`, `2.6.0`). */
  version: string | undefined;
  /** Parsed entry document; `undefined` when it could not be read or parsed. */
  value: unknown;
  /** Every file read, by absolute real path. */
  documents: ReadonlyMap<string, SourceDocument>;
  /** Cycles of `$ref`s, each as the pointers of the refs that form it. */
  cycles: string[][];
  /** Every problem found, sorted by file, line and column. */
  messages: DocsgenMessage[];
  /** Resolves a `$ref` written in `file`; `undefined` when broken, remote or refused. */
  resolveRef(file: string, ref: string): ResolvedRef | undefined;
  /** Where `path` of `file` is written. */
  locate(file: string, path: DocumentPath, options?: { key?: boolean } | undefined): SourceLocation | undefined;
  /** A file's path relative to the project root, for messages and labels. */
  labelOf(file: string): string;
}

export interface LoadSpecOptions {
  /** Validates the entry document against the OpenAPI / AsyncAPI schema (default: `true`). */
  validate?: boolean | null | undefined;
  /**
   * Places warnings on their line and column (default: `true`). A circular `$ref` sits deep in
   * a file, and placing it costs a second, full parse of the file's positions (about 2 s for
   * Stripe's spec): a site, which shows only the problems that stop its pages, turns this off,
   * and its warnings name the file only. Errors are always placed.
   */
  placeWarnings?: boolean | null | undefined;
}

/**
 * Reads a spec (JSON or YAML; OpenAPI 3.0/3.1, Swagger 2.0, AsyncAPI 2.x/3.0) and every file
 * its `$ref`s name, and reports every problem in one pass: syntax errors, unknown versions,
 * remote refs (never fetched), refs leaving the project root (checked by real path), refs to
 * missing files or missing targets (naming both files), circular refs (warnings), and schema
 * errors. Never throws for a problem in the spec.
 *
 * @param root
 *   Project root; no file outside it is ever read.
 * @param specPath
 *   Path of the spec, relative to `root`.
 */
export async function loadSpec(root: string, specPath: string, options?: LoadSpecOptions | null): Promise<LoadedSpec> {
  const shouldValidate = options?.validate ?? true;
  const shouldPlaceWarnings = options?.placeWarnings ?? true;
  const rootPath = resolve(root);
  const labelOf = createFileLabeler(rootPath, await realpath(rootPath).catch(() => rootPath));
  const documents = new Map<string, SourceDocument>();
  const messages: DocsgenMessage[] = [];
  const resolved = new Map<string, ResolvedRef | null>();
  const spec: LoadedSpec = {
    root: rootPath,
    file: resolve(rootPath, specPath),
    label: specPath.split(sep).join('/'),
    kind: undefined,
    version: undefined,
    value: undefined,
    documents,
    cycles: [],
    messages,
    resolveRef: (file, ref) => resolved.get(refKey(file, ref)) ?? undefined,
    locate: (file, path, locateOptions) => documents.get(file)?.locate(path, locateOptions),
    labelOf,
  };

  const entry = await readProjectFile(rootPath, rootPath, specPath);
  if (!entry.ok) {
    messages.push(describeUnreadableEntry(specPath, entry));
    return spec;
  }
  spec.file = entry.file;
  spec.label = labelOf(entry.file);
  const parsed = parseSourceDocument(entry.text, entry.file, spec.label);
  messages.push(...parsed.messages);
  documents.set(entry.file, parsed.document);
  if (parsed.document.value === undefined) return spec;
  spec.value = parsed.document.value;
  if (!identifySpec(spec, parsed.document)) return spec;

  const sites = await crawlRefs(parsed.document, { root: rootPath, documents, resolved, messages, labelOf, shouldPlaceWarnings });
  messages.push(...reportRefCycles(spec, sites, shouldPlaceWarnings));
  if (shouldValidate) messages.push(...validateSpecDocument(spec));
  messages.sort(compareMessages);
  return spec;
}

/**
 * Names files by their path from the project root, with `/` separators. A file's real path
 * (symlinks followed) is relative to the root's real path, others to the root as given.
 */
export function createFileLabeler(root: string, realRoot: string): (file: string) => string {
  return (file) => relative(file.startsWith(realRoot) ? realRoot : root, file).split(sep).join('/');
}

/** The message of an entry file that cannot be read: a remote spec is a warning, anything else an error. */
function describeUnreadableEntry(specPath: string, entry: { reason: ReadRefusal; file: string }): DocsgenMessage {
  const isRemote = entry.reason === 'remote';
  return createSpecMessage(
    {
      reason: `Cannot read \`${specPath}\`: ${describeRefusal(entry.reason)}`,
      ruleId: isRemote ? 'spec-remote' : 'spec-unreadable',
      fatal: !isRemote,
      note: isRemote ? 'Download the spec into the project and point to the local file.' : undefined,
    },
    isRemote ? undefined : { file: entry.file },
  );
}

/** Sets `kind` and `version` from the entry document; `false` (with a message) when it is not a spec this package reads. */
function identifySpec(spec: LoadedSpec, document: SourceDocument): boolean {
  const detected = detectSpecKind(document.value);
  spec.kind = detected.kind;
  spec.version = detected.version;
  if (detected.kind) return true;
  const place = document.locate(detected.path ?? []) ?? { file: document.file };
  spec.messages.push(createSpecMessage({ reason: detected.reason, ruleId: 'spec-version', note: detected.note, actual: detected.actual }, place));
  return false;
}

/**
 * A warning per group of circular `$ref`s, placed on the `$ref` that closes the cycle; the
 * cycles are recorded in `spec.cycles`.
 */
function reportRefCycles(spec: LoadedSpec, sites: readonly RefSite[], shouldPlaceWarnings: boolean): DocsgenMessage[] {
  const messages: DocsgenMessage[] = [];
  const display = (file: string, pointer: string): string => (file === spec.file ? '#' + pointer : spec.labelOf(file) + '#' + pointer);
  for (const cycle of findRefCycles(sites, spec.resolveRef, display)) {
    spec.cycles.push(cycle.chain);
    const closing = cycle.closing;
    const others = cycle.members.length - (cycle.chain.length - 1);
    messages.push(
      createSpecMessage(
        {
          reason: `Circular \`$ref\`: ${cycle.chain.map((item) => `\`${item}\``).join(' → ')}${others > 0 ? ` (and ${others} more ${others === 1 ? 'schema' : 'schemas'} on cycles with these)` : ''}`,
          ruleId: 'ref-circular',
          fatal: false,
          note: 'Pages show one level of fields at a time and readers open the repeat as far as they like; Markdown twins name it instead of repeating it.',
        },
        (shouldPlaceWarnings ? spec.locate(closing.file, [...closing.path, '$ref']) : undefined) ?? { file: closing.file },
      ),
    );
  }
  return messages;
}
