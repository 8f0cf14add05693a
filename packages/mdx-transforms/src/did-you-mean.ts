/**
 * Pick the candidate closest to `value` (case-insensitive edit distance), if it is close
 * enough to be a typo: at most 1 edit for names up to 4 characters, 2 for longer ones.
 *
 * @param value
 *   What was written.
 * @param candidates
 *   What is allowed.
 * @returns
 *   The closest candidate, or `undefined`.
 */
export function didYouMean(value: string, candidates: Iterable<string>): string | undefined {
  const lower = value.toLowerCase();
  const limit = lower.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;

  for (const candidate of candidates) {
    if (Math.abs(candidate.length - lower.length) > limit) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = distance;
    }
  }

  return best;
}

/** Levenshtein distance with one row of memory. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);

  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }

  return row[b.length]!;
}
