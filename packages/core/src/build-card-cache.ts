import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPage } from './build-render.js';
import type { Site } from './site.js';
import { writeWhole } from '@docsgen/util/write-whole';

/**
 * The build's social cards by input hash (`cardInputHash`): on disk under
 * `<root>/.docsgen/cache/og/<hash>.png` when caching, else in memory for this build only. An
 * unchanged card is found by its hash and never drawn again; entries no page uses any more are
 * deleted at the end of a build.
 */
export class CardCache {
  /** The cache folder, or `undefined` when the build keeps cards in memory only. */
  readonly folder: string | undefined;
  readonly #memory = new Map<string, Buffer>();

  constructor(options: { folder: string | undefined }) {
    this.folder = options.folder;
  }

  /** Whether the card with this hash is at hand (`true` for no card at all). */
  has(hash: string | undefined): boolean {
    if (hash === undefined || this.#memory.has(hash)) return true;
    return this.folder !== undefined && existsSync(join(this.folder, `${hash}.png`));
  }

  /** Keeps the card a page rendered with and returns the page without its bytes (they never enter the page cache). */
  take(page: BuiltPage): BuiltPage {
    const card = page.card;
    if (!card?.png) return page;
    const png = Buffer.from(card.png.buffer, card.png.byteOffset, card.png.byteLength);
    if (this.folder) {
      mkdirSync(this.folder, { recursive: true });
      // A build stopped halfway never leaves a truncated card.
      writeWhole(join(this.folder, `${card.hash}.png`), png);
    } else {
      this.#memory.set(card.hash, png);
    }
    return { ...page, card: { hash: card.hash, messages: card.messages } };
  }

  /** The PNG bytes of a card; throws when it is not at hand. */
  read(hash: string): Buffer {
    const kept = this.#memory.get(hash);
    if (kept) return kept;
    if (!this.folder) throw new Error(`the social card ${hash} was not rendered`);
    return readFileSync(join(this.folder, `${hash}.png`));
  }

  /** Deletes cached cards whose hash is not in `keep`. */
  prune(keep: Iterable<string>): void {
    if (!this.folder) return;
    const names = new Set([...keep].map((hash) => `${hash}.png`));
    let entries: string[];
    try {
      entries = readdirSync(this.folder);
    } catch {
      return;
    }
    for (const name of entries) if (!names.has(name)) rmSync(join(this.folder, name), { force: true });
  }
}

/** The card hash of every page in `slugs` that has a generated card. */
export async function planCards(site: Site, slugs: readonly string[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const slug of slugs) {
    const plan = await site.cardPlan(slug);
    if (plan) hashes.set(slug, plan.hash);
  }
  return hashes;
}
