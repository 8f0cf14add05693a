import leven from 'leven';

export interface SuggestOptions {
  /**
   * Largest edit distance still suggested (default: 1 for values of up to 3 characters,
   * else 2).
   */
  maxDistance?: number | null | undefined;
}

/**
 * Finds the candidate closest to `value` (Levenshtein distance, case-insensitive), or
 * `undefined` when none is close enough. Ties go to the earlier candidate.
 */
export function suggest(value: string, candidates: Iterable<string>, options?: SuggestOptions | null): string | undefined {
  const wanted = value.toLowerCase();
  const limit = options?.maxDistance ?? (value.length <= 3 ? 1 : 2);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === value) continue;
    const distance = leven(wanted, candidate.toLowerCase(), { maxDistance: limit + 1 });
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The note for a close candidate: "Did you mean `theme`?", or `undefined`. */
export function didYouMean(
  value: string,
  candidates: Iterable<string>,
  options?: SuggestOptions | null,
): string | undefined {
  const found = suggest(value, candidates, options);
  return found === undefined ? undefined : `Did you mean \`${found}\`?`;
}
