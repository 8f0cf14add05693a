// `<` stops `</script>` and `<!--` (which switches the HTML tokenizer into a script-data
// escaped state); `>` and `&` are escaped too so `]]>` and character references mean
// nothing if the page is ever parsed as XHTML. U+2028 and U+2029 are escaped because they end a line
// in JavaScript before ES2019, so a `<script>` (not `ld+json`) reading the same text works.
const unsafe = /[<>&\u2028\u2029]/g;

const replacements: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * Serialize a value as JSON that can sit inside `<script type="application/ld+json">`
 * (or any `<script>`) without ending it early.
 *
 * The result is valid JSON: `JSON.parse` on it gives back the same value as on
 * `JSON.stringify(value)`. Only the characters above are escaped, as `\uXXXX` escapes.
 *
 * @param value
 *   A JSON-serializable value.
 * @returns
 *   JSON text with no `<`, `>`, `&`, U+2028 or U+2029 characters.
 * @throws {TypeError}
 *   When the value has no JSON form (`undefined`, a function, a symbol), or on cycles
 *   and `BigInt`s (from `JSON.stringify`).
 */
export function serializeJsonForScript(value: unknown): string {
  const json: string | undefined = JSON.stringify(value);

  if (json === undefined) {
    throw new TypeError(
      `Cannot serialize \`${String(value)}\` for a script: expected a JSON value`,
    );
  }

  return json.replace(unsafe, (character) => replacements[character] ?? character);
}
