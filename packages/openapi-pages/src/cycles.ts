import type { ResolvedRef } from './load-spec.js';
import { formatPointer } from './pointer.js';
import type { RefSite } from './refs.js';

/** One cycle of `$ref`s: the targets in order, and the ref that closes it. */
export interface RefCycle {
  /** Targets as `display` shows them, starting at the smallest, ending with the first again. */
  chain: string[];
  /** The `$ref` that leads from the last target back to the first. */
  closing: RefSite;
}

/** Most cycles reported for one spec. */
export const maxReportedCycles = 100;

/**
 * Finds cycles among `$ref` targets: a target whose value holds (at any depth) a `$ref`
 * that leads back to it through other targets. Each cycle is reported once, whichever target
 * the walk entered it from (its targets are rotated to start at the smallest key).
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
  const edgesCache = new Map<string, { site: RefSite; target: ResolvedRef }[]>();
  const edgesOf = (target: ResolvedRef) => {
    const key = keyOf(target);
    let edges = edgesCache.get(key);
    if (edges) return edges;
    edges = [];
    const pointer = formatPointer(target.path);
    const list = byFile.get(target.file) ?? [];
    for (let index = lowerBound(list, pointer); index < list.length; index++) {
      const site = list[index] as RefSite;
      if (site.pointer !== pointer && !site.pointer.startsWith(pointer + '/')) break;
      const next = resolveRef(site.file, site.ref);
      if (next) edges.push({ site, target: next });
    }
    edgesCache.set(key, edges);
    return edges;
  };

  const cycles: RefCycle[] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const stack: { key: string; via: RefSite | undefined }[] = [];
  const onStack = new Map<string, number>();
  const show = (key: string) => {
    const hash = key.indexOf('#');
    return display(key.slice(0, hash), key.slice(hash + 1));
  };

  const visit = (target: ResolvedRef, via: RefSite | undefined): void => {
    const key = keyOf(target);
    if (done.has(key) || cycles.length >= maxReportedCycles) return;
    onStack.set(key, stack.length);
    stack.push({ key, via });
    for (const edge of edgesOf(target)) {
      const nextKey = keyOf(edge.target);
      const start = onStack.get(nextKey);
      if (start !== undefined) {
        const members = stack.slice(start);
        // The ref into each member: members[i+1].via, and the closing edge into members[0].
        const intoMember = members.map((member, index) => (index === 0 ? edge.site : (member.via as RefSite)));
        let first = 0;
        members.forEach((member, index) => {
          if (member.key < (members[first] as { key: string }).key) first = index;
        });
        const rotated = [...members.slice(first), ...members.slice(0, first)].map((member) => member.key);
        const id = rotated.join('\n');
        if (!seen.has(id)) {
          seen.add(id);
          cycles.push({ chain: [...rotated, rotated[0] as string].map(show), closing: intoMember[first] as RefSite });
        }
      } else if (!done.has(nextKey)) {
        visit(edge.target, edge.site);
      }
    }
    stack.pop();
    onStack.delete(key);
    done.add(key);
  };

  for (const site of sites) {
    const target = resolveRef(site.file, site.ref);
    if (target) visit(target, site);
  }
  return cycles;
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
