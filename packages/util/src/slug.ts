/**
 * Anchor id from a label, GitHub style: lower case, punctuation removed, spaces to `-`
 * (`"v1.2 — New API"` → `"v12--new-api"`), so Update anchors look like heading ids.
 */
export function slugify(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}
