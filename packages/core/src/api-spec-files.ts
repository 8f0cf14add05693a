import { renderSchemaFile } from '@docsgen/renderer';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { isInside } from '@docsgen/util/is-inside';
import type { SpecEntry } from './api-specs.js';
import { hashSource } from './modules.js';
import { docsgenVersion } from './version.js';

// What depends on the files of a site's specs: the build cache's dependencies of each API page,
// and the schema files (`/_docsgen/api-schemas-<hash>.json`) named by the hash of the spec's
// files and docsgen's version, so a page rendered in any worker names the file without making it.
// A name depends on where each file is in the project, not on the machine: the same commit built
// in another folder (a CI runner, a colleague's checkout) gives the same names, and a CDN's
// cached copy stays valid.

/** Content hashes and schema files of the specs in `entries` (read as they are when asked). */
export class ApiSpecFiles {
  readonly #entries: ReadonlyMap<string, SpecEntry>;
  readonly #root: string;
  // Every page of a spec depends on its files: hashed once per version of a file (a build asks
  // for each of GitHub's 1,200 pages, a 13 MB file), not once per page.
  readonly #hashes = new Map<string, { stamp: string; hash: string; content: string }>();
  readonly #names = new Map<string, string | undefined>();
  readonly #contents = new Map<string, string>();

  /** `root`: the project's folder, which the schema files' names are independent of. */
  constructor(entries: ReadonlyMap<string, SpecEntry>, root: string) {
    this.#entries = entries;
    this.#root = root;
  }

  /** The files of the specs behind `labels` with their content hashes. */
  dependencies(labels: Iterable<string>): Array<{ file: string; hash: string }> {
    const found: Array<{ file: string; hash: string }> = [];
    for (const label of labels) {
      const entry = this.#entries.get(label) ?? [...this.#entries.values()].find((candidate) => candidate.spec.label === label);
      if (!entry) continue;
      for (const file of entry.spec.documents.keys()) {
        const hash = this.#hashOf(file);
        if (hash) found.push({ file, hash });
      }
    }
    return found;
  }

  /** Name of the schema file of the OpenAPI spec `label`; `undefined` for any other spec. */
  schemaFileOf(label: string): string | undefined {
    if (this.#names.has(label)) return this.#names.get(label);
    const entry = this.#entries.get(label);
    let name: string | undefined;
    if (entry?.spec.kind === 'openapi' && entry.schemas) {
      const hash = createHash('sha256').update(`${docsgenVersion()}\0${this.#inProject(label)}`);
      const files = [...entry.spec.documents.keys()].map((file) => ({ file, name: this.#inProject(file) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const { file, name: place } of files) hash.update(`\0${place}\0${this.#contentHashOf(file) ?? ''}`);
      name = `api-schemas-${hash.digest('hex').slice(0, 16)}.json`;
    }
    this.#names.set(label, name);
    return name;
  }

  /** The schema files of the OpenAPI specs (`renderSchemaFile`), each made when first asked for. */
  schemaFiles(): Array<{ name: string; content(): string }> {
    return [...this.#entries.values()].flatMap((entry) => {
      // A spec's other sets of pages (other directories) use its first set's file: pages name it by `spec`.
      if (entry.label !== entry.spec.label) return [];
      const name = this.schemaFileOf(entry.label);
      const schemas = entry.schemas;
      if (name === undefined || !schemas) return [];
      return [{ name, content: () => this.#contents.get(name) ?? (this.#contents.set(name, renderSchemaFile(schemas())), this.#contents.get(name) as string) }];
    });
  }

  /** Takes the content of schema file `name` made elsewhere (the same bytes): `schemaFiles` gives it instead of making it again. */
  keepSchemaFile(name: string, content: string): void {
    this.#contents.set(name, content);
  }

  /** `path` relative to the project, with `/` (a URL or a path outside the project as it is). */
  #inProject(path: string): string {
    return isAbsolute(path) && isInside(this.#root, path) ? relative(this.#root, path).split(sep).join('/') : path;
  }

  /** The hash of `file`'s text alone. */
  #contentHashOf(file: string): string | undefined {
    return this.#hashesOf(file)?.content;
  }

  /** The hash of `file`'s path and text (`hashSource`), as the build cache records its dependencies. */
  #hashOf(file: string): string | undefined {
    return this.#hashesOf(file)?.hash;
  }

  #hashesOf(file: string): { hash: string; content: string } | undefined {
    try {
      const info = statSync(file);
      const stamp = `${info.mtimeMs}:${info.size}`;
      const known = this.#hashes.get(file);
      if (known?.stamp === stamp) return known;
      const text = readFileSync(file, 'utf8');
      const hashes = { stamp, hash: hashSource(file, text), content: createHash('sha256').update(text).digest('hex') };
      this.#hashes.set(file, hashes);
      return hashes;
    } catch {
      // A spec file removed since it was read: the next reload reports it.
      return undefined;
    }
  }
}
