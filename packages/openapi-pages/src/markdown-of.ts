/**
 * A description as the page models keep it: the spec's Markdown, untrusted, `''` when absent
 * or not a string. Models do not hold HTML: rendering every description of a large spec up
 * front costs seconds, and a page shows only its own. Render with `renderSpecMarkdown`.
 */
export function markdownOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
