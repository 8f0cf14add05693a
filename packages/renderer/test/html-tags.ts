/** A start tag of rendered HTML: its name and attributes (`""` for bare ones). */
export interface Tag {
  name: string;
  attributes: Record<string, string>;
}

/**
 * The start tags of Preact's output, in order. Preact always quotes attribute values with
 * `"` and escapes `"` inside them, so a regular expression reads them reliably.
 */
export function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[2] ?? '').matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
      attributes[attribute[1] ?? ''] = attribute[2] ?? '';
    }
    tags.push({ name: match[1] ?? '', attributes });
  }
  return tags;
}

/** Start tags having the attribute, with the value when given. */
export function withAttribute(tags: Tag[], name: string, value?: string): Tag[] {
  return tags.filter((tag) => name in tag.attributes && (value === undefined || tag.attributes[name] === value));
}
