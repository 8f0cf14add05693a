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

/**
 * A heading's anchor id as the hosted platform of the docs.json format makes it (its
 * documentation, "Format text"), so links written for a site it hosts land here too: lower
 * case, whitespace to `-`, a straight apostrophe to `’` (kept), a period to `-`, slashes and
 * ampersands kept, parentheses and other punctuation removed (as GitHub does), letters of any
 * script kept (`"Config.json options"` → `"config-json-options"`, `"What's new"` →
 * `"what’s-new"`, `"Read/write access"` → `"read/write-access"`, `"Fees & billing"` →
 * `"fees-&-billing"`). The text is expected trimmed, its whitespace collapsed.
 */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/\./g, '-')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\-’/& ]/gu, '')
    .replace(/ /g, '-');
}
