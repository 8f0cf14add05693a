import type { ResolvedRef } from './load-spec.js';
import { formatPointer } from './pointer.js';
import type { RefSite } from './refs.js';

/** One group of `$ref` targets that lead to each other (a cycle, or several cycles through shared targets). */
export interface RefCycle {
  /** One cycle of the group, as `display` shows its targets: from the smallest back to it. */
  chain: string[];
  /** The `$ref` that leads from the last target of `chain` back to the first. */
  closing: RefSite;
  /** Every target of the group as `display` shows it, sorted (the targets of `chain` and any others on a cycle with them). */
  members: string[];
}

/** Most cycles reported for one spec. */
export const maxReportedCycles = 100;

/**
 * Finds cycles among `$ref` targets: a target whose value holds (at any depth) a `$ref` that
 * leads back to it through other targets. Targets that lead to each other form one group (a
 * strongly connected component), reported once with one of its cycles, however many paths
 * lead around it: a spec where hundreds of schemas refer to each other (Stripe's) gets one
 * report, not one per path. Time is linear in the number of `$ref`s (Tarjan's algorithm,
 * without recursion).
 */
export function findRefCycles(
  sites: readonly RefSite[],
  resolveRef: (file: string, ref: string) => ResolvedRef | undefined,
  display: (file: string, pointer: string) => string,
): RefCycle[] {
  // Ref sites per file, sorted by pointer, so the sites inside a target are one range.
  const byFile = new Map<string, RefSite[]>();
  for (const site of sites) {
    const list = byFile.get(site.file) ?? [];
    list.push(site);
    byFile.set(site.file, list);
  }
  for (const list of byFile.values()) list.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));

  const keyOf = (target: ResolvedRef) => target.file + '#' + formatPointer(target.path);
  const targets = new Map<string, ResolvedRef>();
  const edgesCache = new Map<string, { site: RefSite; key: string }[]>();
  const edgesOf = (key: string) => {
    let edges = edgesCache.get(key);
    if (edges) return edges;
    edges = [];
    const target = targets.get(key) as ResolvedRef;
    const pointer = formatPointer(target.path);
    const list = byFile.get(target.file) ?? [];
    for (let index = lowerBound(list, pointer); index < list.length; index++) {
      const site = list[index] as RefSite;
      if (site.pointer !== pointer && !site.pointer.startsWith(pointer + '/')) break;
      const next = resolveRef(site.file, site.ref);
      if (!next) continue;
      const nextKey = keyOf(next);
      if (!targets.has(nextKey)) targets.set(nextKey, next);
      edges.push({ site, key: nextKey });
    }
    edgesCache.set(key, edges);
    return edges;
  };

  // Tarjan's strongly connected components, with an explicit stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  const strongConnect = (start: string) => {
    const work: { key: string; edge: number }[] = [{ key: start, edge: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { key: string; edge: number };
      const edges = edgesOf(frame.key);
      if (frame.edge < edges.length) {
        const next = (edges[frame.edge++] as { key: string }).key;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push({ key: next, edge: 0 });
        } else if (onStack.has(next)) {
          low.set(frame.key, Math.min(low.get(frame.key) as number, index.get(next) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.key, Math.min(low.get(parent.key) as number, low.get(frame.key) as number));
      if (low.get(frame.key) === index.get(frame.key)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.key);
        const isCycle = group.length > 1 || edgesOf(frame.key).some((edge) => edge.key === frame.key);
        if (isCycle) groups.push(group.sort());
      }
    }
  };
  for (const site of sites) {
    const target = resolveRef(site.file, site.ref);
    if (!target) continue;
    const key = keyOf(target);
    if (!targets.has(key)) targets.set(key, target);
    if (!index.has(key)) strongConnect(key);
  }

  const show = (key: string) => {
    const hash = key.indexOf('#');
    return display(key.slice(0, hash), key.slice(hash + 1));
  };
  groups.sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1));
  return groups.slice(0, maxReportedCycles).map((group) => {
    const { chain, closing } = shortestCycle(group[0] as string, new Set(group), edgesOf);
    return { chain: chain.map(show), closing, members: group.map(show) };
  });
}

/** The shortest cycle from `first` back to it inside `group` (breadth first), and the `$ref` that closes it. */
function shortestCycle(first: string, group: ReadonlySet<string>, edgesOf: (key: string) => { site: RefSite; key: string }[]): { chain: string[]; closing: RefSite } {
  const previous = new Map<string, string>();
  const queue = [first];
  for (let head = 0; head < queue.length; head++) {
    const key = queue[head] as string;
    for (const edge of edgesOf(key)) {
      if (!group.has(edge.key)) continue;
      if (edge.key === first) {
        const chain = [key];
        while (chain[0] !== first) chain.unshift(previous.get(chain[0] as string) as string);
        return { chain: [...chain, first], closing: edge.site };
      }
      if (!previous.has(edge.key) && edge.key !== first) {
        previous.set(edge.key, key);
        queue.push(edge.key);
      }
    }
  }
  // Unreachable for a strongly connected group; kept total for the type checker.
  throw new Error(`No cycle through ${first}`);
}

function lowerBound(list: readonly RefSite[], pointer: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] as RefSite).pointer < pointer) low = middle + 1;
    else high = middle;
  }
  return low;
}
