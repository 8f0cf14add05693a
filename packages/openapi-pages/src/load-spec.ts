import { compareMessages, type DocsgenMessage, type SourceLocation } from '@docsgen/config';
import { didYouMean } from '@docsgen/util/did-you-mean';
import { realpath } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { findRefCycles } from './cycles.js';
import { createSpecMessage, type SpecMessageFields } from './message.js';
import { getAtPath, isRecord, parsePointer, type DocumentPath } from './pointer.js';
import { describeRefusal, readProjectFile } from './project-files.js';
import { collectRefSites, splitRef, type RefSite } from './refs.js';
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

/** Most files one spec may pull in through `$ref`s. */
export const maxSpecFiles = 500;

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
  const realRoot = await realpath(rootPath).catch(() => rootPath);
  const labelOf = (file: string): string => {
    const inside = relative(file.startsWith(realRoot) ? realRoot : rootPath, file);
    return inside.split(sep).join('/');
  };
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
    resolveRef: (file, ref) => resolved.get(file + '\0' + ref) ?? undefined,
    locate: (file, path, locateOptions) => documents.get(file)?.locate(path, locateOptions),
    labelOf,
  };

  const entry = await readProjectFile(rootPath, rootPath, specPath);
  if (!entry.ok) {
    const isRemote = entry.reason === 'remote';
    messages.push(
      createSpecMessage(
        {
          reason: `Cannot read \`${specPath}\`: ${describeRefusal(entry.reason)}`,
          ruleId: isRemote ? 'spec-remote' : 'spec-unreadable',
          fatal: !isRemote,
          note: isRemote ? 'Download the spec into the project and point to the local file.' : undefined,
        },
        isRemote ? undefined : { file: entry.file },
      ),
    );
    return spec;
  }
  spec.file = entry.file;
  spec.label = labelOf(entry.file);
  const parsed = parseSourceDocument(entry.text, entry.file, spec.label);
  messages.push(...parsed.messages);
  documents.set(entry.file, parsed.document);
  if (parsed.document.value === undefined) return spec;
  spec.value = parsed.document.value;

  const detected = detectSpecKind(parsed.document.value);
  spec.kind = detected.kind;
  spec.version = detected.version;
  if (!detected.kind) {
    const place = parsed.document.locate(detected.path ?? []) ?? { file: entry.file };
    messages.push(createSpecMessage({ reason: detected.reason, ruleId: 'spec-version', note: detected.note, actual: detected.actual }, place));
    return spec;
  }

  // Breadth-first over the files the refs name, each read (and each failure reported) once.
  const pending: SourceDocument[] = [parsed.document];
  const failedFiles = new Map<string, string>();
  const sites: RefSite[] = [];
  // Outcome per distinct (file, $ref): resolved target, or the message every site of it gets.
  const failures = new Map<string, SpecMessageFields>();
  while (pending.length > 0) {
    const document = pending.shift() as SourceDocument;
    for (const site of collectRefSites(document.file, document.value)) {
      sites.push(site);
      const key = site.file + '\0' + site.ref;
      if (!resolved.has(key)) {
        resolved.set(key, null);
        const outcome = await resolveSite(site, document);
        if ('value' in outcome) resolved.set(key, outcome);
        else if (outcome.failure) failures.set(key, outcome.failure);
      }
      const failure = failures.get(key);
      if (failure) {
        const isPlaced = shouldPlaceWarnings || (failure.fatal ?? true);
        messages.push(createSpecMessage(failure, (isPlaced ? document.locate([...site.path, '$ref']) : undefined) ?? { file: site.file }));
      }
    }
  }

  async function resolveSite(site: RefSite, document: SourceDocument): Promise<ResolvedRef | { failure: SpecMessageFields | undefined }> {
    const refLabel = `\`$ref\` \`${site.ref}\` in \`${labelOf(site.file)}\``;
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
      const read = await readRefTarget(parts.filePart, document.file);
      if (!read.ok) {
        const what = read.reason === 'remote' || read.reason === 'outside-root' ? `\`${parts.filePart}\`` : `\`${labelOf(read.file)}\``;
        return {
          failure: {
            reason: `Cannot resolve ${refLabel}: ${what} ${describeTargetRefusal(read.reason)}`,
            ruleId: read.reason === 'remote' ? 'ref-remote' : read.reason === 'outside-root' ? 'ref-outside-root' : 'ref-target-missing',
            fatal: read.reason !== 'remote',
            actual: site.ref,
            note:
              read.reason === 'remote'
                ? 'Remote files are never fetched: copy the file into the project and refer to it by a relative path.'
                : read.reason === 'outside-root'
                  ? 'A spec may only refer to files inside the project folder.'
                  : undefined,
          },
        };
      }
      target = read.document;
    }
    // A target file that failed to parse has its own syntax message already.
    if (!target || target.value === undefined) return { failure: undefined };
    const value = getAtPath(target.value, pointer);
    if (value === undefined) {
      return {
        failure: {
          reason: `Cannot resolve ${refLabel}: \`${labelOf(target.file)}\` has no \`${parts.fragment || '/'}\``,
          ruleId: 'ref-target-missing',
          actual: site.ref,
          note: suggestSibling(target.value, pointer),
        },
      };
    }
    return { file: target.file, path: pointer, value };
  }

  async function readRefTarget(
    filePart: string,
    from: string,
  ): Promise<{ ok: true; document: SourceDocument | undefined } | { ok: false; reason: Parameters<typeof describeRefusal>[0]; file: string }> {
    const read = await readProjectFile(rootPath, dirname(from), filePart);
    if (!read.ok) return read;
    const known = documents.get(read.file);
    if (known) return { ok: true, document: known };
    if (failedFiles.has(read.file)) return { ok: true, document: undefined };
    if (documents.size >= maxSpecFiles) {
      failedFiles.set(read.file, 'too-many');
      messages.push(
        createSpecMessage(
          { reason: `Cannot read \`${labelOf(read.file)}\`: the spec refers to more than ${maxSpecFiles} files`, ruleId: 'spec-too-large' },
          { file: read.file },
        ),
      );
      return { ok: true, document: undefined };
    }
    const parsedTarget = parseSourceDocument(read.text, read.file, labelOf(read.file));
    messages.push(...parsedTarget.messages);
    if (parsedTarget.document.value === undefined) {
      failedFiles.set(read.file, 'syntax');
      return { ok: true, document: undefined };
    }
    documents.set(read.file, parsedTarget.document);
    pending.push(parsedTarget.document);
    return { ok: true, document: parsedTarget.document };
  }

  for (const cycle of findRefCycles(sites, spec.resolveRef, (file, pointer) =>
    file === spec.file ? '#' + pointer : labelOf(file) + '#' + pointer,
  )) {
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
        (shouldPlaceWarnings ? documents.get(closing.file)?.locate([...closing.path, '$ref']) : undefined) ?? { file: closing.file },
      ),
    );
  }

  if (shouldValidate) messages.push(...validateSpecDocument(spec));
  messages.sort(compareMessages);
  return spec;
}

function describeTargetRefusal(reason: Parameters<typeof describeRefusal>[0]): string {
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
function suggestSibling(value: unknown, pointer: readonly string[]): string | undefined {
  for (let index = 0; index < pointer.length; index++) {
    const parent = getAtPath(value, pointer.slice(0, index));
    const segment = pointer[index] as string;
    if (getAtPath(parent, [segment]) === undefined) {
      return isRecord(parent) ? didYouMean(segment, Object.keys(parent)) : undefined;
    }
  }
  return undefined;
}
