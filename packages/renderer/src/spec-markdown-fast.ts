/**
 * A shortcut for the plain descriptions that make up most of a large spec ("The number of
 * results per page (max 100).", "The `owner` of the [repository](https://…)."): text,
 * code spans and inline links to http(s) URLs, in lines that start with a letter. Anything
 * else returns `undefined` and goes through the full Markdown pipeline. For what it accepts,
 * the output is byte-for-byte what the full pipeline produces (a test compares the two on
 * generated input).
 */
export function renderPlainMarkdown(source: string): string | undefined {
  const text = source.trimEnd();
  if (text === '' || /www\.|:\/\/|@|&/.test(stripLinks(text))) return undefined;
  const lines = text.split('\n');
  let html = '';
  for (const [index, line] of lines.entries()) {
    // A letter first: no list, heading, quote, code block, table row or setext underline.
    if (!/^\p{L}/u.test(line) || / $/.test(line)) return undefined;
    const rendered = renderLine(line);
    if (rendered === undefined) return undefined;
    html += (index > 0 ? '\n' : '') + rendered;
  }
  return `<p>${html}</p>`;
}

// Outside code spans and link destinations: letters, digits, spaces and punctuation that is
// never Markdown syntax in the middle of a line.
const plainRun = /^[\p{L}\p{N} ,.;:'"?!%/$=+()-]+/u;
const codeSpan = /^`([^`\n]+)`(?!`)/;
const link = /^\[([\p{L}\p{N} ,.;:'"?!%/$=+-]+)\]\((https?:\/\/[A-Za-z\d\-._~:/?#=+,;@!$*%]+)\)/u;

function renderLine(line: string): string | undefined {
  let html = '';
  let rest = line;
  while (rest.length > 0) {
    let match = plainRun.exec(rest);
    if (match) {
      // `!` just before `[` would start an image: leave those to the full pipeline.
      if (match[0].endsWith('!') && rest[match[0].length] === '[') return undefined;
      html += match[0];
      rest = rest.slice(match[0].length);
      continue;
    }
    match = codeSpan.exec(rest);
    if (match) {
      const content = match[1] as string;
      // CommonMark strips one space at each end when both are there; keep to the simple case.
      if (/^ | $/.test(content) || html.endsWith('`')) return undefined;
      html += `<code>${escapeText(content)}</code>`;
      rest = rest.slice(match[0].length);
      continue;
    }
    match = link.exec(rest);
    if (match) {
      const url = match[2] as string;
      if (/%(?![\dA-Fa-f]{2})/.test(url)) return undefined;
      html += `<a href="${url}">${match[1]}</a>`;
      rest = rest.slice(match[0].length);
      continue;
    }
    return undefined;
  }
  return html;
}

function stripLinks(text: string): string {
  return text.replace(/\]\(https?:\/\/[^\s()]*\)/g, '](x)').replace(/`[^`\n]*`/g, '``');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
}
