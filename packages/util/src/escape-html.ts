const replacements: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escape text for HTML element content and for quoted attribute values.
 *
 * Escapes `&`, `<`, `>`, `"` and `'`, which is enough in text and in attributes quoted
 * with either quote. It is not enough for unquoted attributes, URLs in `href`/`src`
 * (check the scheme separately), `<script>` or `<style>` content (use
 * `serializeJsonForScript` for data in scripts).
 *
 * @param text
 *   Untrusted text.
 * @returns
 *   Escaped text.
 */
export function escapeHtml(text: string): string {
  if (typeof text !== 'string') {
    throw new TypeError(`Cannot escape \`${String(text)}\`: expected a string`);
  }

  return text.replace(/[&<>"']/g, (character) => replacements[character] ?? character);
}
