import { suggest } from '@docsgen/util/did-you-mean';

/**
 * The candidate closest to a component or language name, if close enough to be a typo: at
 * most 1 edit for names up to 4 characters, 2 for longer ones; ties go to the first in sort
 * order, so the suggestion does not depend on the order candidates were registered in.
 */
export function suggestName(value: string, candidates: Iterable<string>): string | undefined {
  return suggest(value, [...candidates].sort(), { maxDistance: value.length <= 4 ? 1 : 2 });
}
