import { constants, copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeWhole } from '@docsgen/util/write-whole';

/**
 * Links files into a build's output, falling back to copying once linking fails (a cache on
 * another file system, or one that refuses links). On ext4, creating and writing a small file
 * costs about twenty times what linking one does, and a build places thousands.
 */
export class OutputLinker {
  #canLink = true;

  /** Puts the file `from` at `to` (which must not exist). */
  place(from: string, to: string): void {
    if (this.#canLink) {
      try {
        linkSync(from, to);
        return;
      } catch {
        this.#canLink = false;
      }
    }
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}

/**
 * Copies of output files kept under a cache folder from one build to the next, for files that
 * mostly come out the same (the search index's fragments and chunks), to be linked into the
 * output instead of written. A kept copy is compared byte for byte, so one changed through a
 * link (someone editing the output in place) is replaced, never published; and it is never
 * written into: a new file takes its place.
 */
export class KeptOutputFiles {
  readonly #folder: string;
  readonly #used = new Set<string>();

  constructor(folder: string) {
    this.#folder = folder;
  }

  /**
   * The kept copy of the output file `path` (posix) with this content, written when there is
   * none with the same bytes.
   */
  keep(path: string, content: Uint8Array): string {
    const kept = join(this.#folder, ...path.split('/'));
    this.#used.add(kept);
    let same = false;
    try {
      same = readFileSync(kept).equals(content);
    } catch {
      // Not kept yet.
    }
    if (!same) {
      mkdirSync(dirname(kept), { recursive: true });
      writeWhole(kept, content);
    }
    return kept;
  }

  /** Deletes kept copies this build did not ask for. */
  prune(): void {
    let entries: Dirent[];
    try {
      entries = readdirSync(this.#folder, { recursive: true, withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = join(entry.parentPath, entry.name);
      if (!entry.isDirectory() && !this.#used.has(file)) rmSync(file, { force: true });
    }
  }
}
