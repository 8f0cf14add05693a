/**
 * Turns a label into a slug segment: `List users` → `list-users`, `getUserById` →
 * `get-user-by-id`, `GET /users/{id}` → `get-users-id`. Letters are folded to ASCII where
 * they decompose (`Café` → `cafe`); anything else becomes a dash. `fallback` when nothing is left.
 */
export function slugifySegment(label: string, fallback: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z\d])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * Hands out slugs in call order, each unique: the second `users/get-user` becomes
 * `users/get-user-2`, the third `-3`, and so on. Deterministic for a given order of calls.
 */
export function createSlugAllocator(taken?: Iterable<string> | null): (wanted: string) => string {
  const used = new Set(taken ?? []);
  return (wanted) => {
    let slug = wanted;
    for (let index = 2; used.has(slug); index++) slug = `${wanted}-${index}`;
    used.add(slug);
    return slug;
  };
}
