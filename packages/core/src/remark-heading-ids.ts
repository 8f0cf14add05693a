import type { Heading, Nodes, Root } from 'mdast';
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';

// Custom heading ids, as the hosted platform documents them (and Docusaurus reads them):
// `## Configuration options {#config}` is the heading "Configuration options" with the id
// `config`, so links to `#config` keep working when its text changes.

/**
 * `{#id}` at the end of a heading sets its id. In MDX, `{` starts a JavaScript expression and
 * `#config` is not one (a private name outside a class), so such a heading stopped the page
 * with "Could not parse expression with acorn": a text construct, tried before MDX's, reads
 * `{#…}` (no braces or line endings inside) as text instead; `.md` pages read it as text already. A
 * transform then takes it off the end of every heading and gives the heading that id
 * (`data.hProperties.id`, which `rehypeHeadingIds` keeps). Elsewhere in text, `{#…}` stays as
 * written.
 */
export function remarkHeadingIds(this: Processor): (tree: Root, file: VFile) => undefined {
  (this.data().micromarkExtensions ??= []).push(headingIdSyntax);
  return (tree, file) => {
    const stack: Nodes[] = [tree];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'heading') takeHeadingId(node, file);
      else if ('children' in node) for (const child of node.children) stack.push(child);
    }
  };
}

/**
 * `{#id}` ending a heading's text, and the text before it (trailing spaces dropped). Spaces
 * inside are read too (`{#comfy run}` in ComfyUI's docs, which stopped the page as an
 * expression); the id joins the words with `-`.
 */
const trailingId = /[ \t]*\{#([^\s{}][^{}\r\n]*?)[ \t]*\}[ \t]*$/;

/** An id as written in `{#…}`, its words joined with `-`. */
function idOf(written: string): string {
  return written.trim().split(/\s+/).join('-');
}

/** The `{#…}` a heading's text ends with, as written, if any. */
function writtenHeadingId(heading: Heading): string | undefined {
  const last = heading.children.at(-1);
  return last?.type === 'text' ? trailingId.exec(last.value)?.[1] : undefined;
}

/** The custom id a heading's text ends with (`## Title {#id}`), if any. */
export function customHeadingId(heading: Heading): string | undefined {
  const written = writtenHeadingId(heading);
  return written === undefined ? undefined : idOf(written);
}

/** Takes a custom id off the end of `heading` and sets it as the heading's id; an id with spaces is reported. */
function takeHeadingId(heading: Heading, file: VFile): undefined {
  const written = writtenHeadingId(heading);
  if (written === undefined) return;
  const id = idOf(written);
  if (id !== written) {
    const message = file.message(`Unexpected space in heading id \`${written}\`, using \`${id}\``, { place: heading.position, ruleId: 'heading-id-space', source: '@docsgen/core' });
    message.actual = written;
    message.expected = [id];
    message.note = `An id is one word: write \`{#${id}}\`, and link to \`#${id}\`.`;
  }
  const last = heading.children.at(-1) as { value: string };
  last.value = last.value.replace(trailingId, '');
  if (last.value === '') heading.children.pop();
  const data = (heading.data ??= {});
  data.hProperties = { ...data.hProperties, id };
}

const leftBrace = 123;
const numberSign = 35;
const rightBrace = 125;

/** `{#…}` in text, read as text (`data`): tried before MDX's expression construct. */
const headingIdText: Construct = { name: 'headingIdText', tokenize: tokenizeHeadingIdText };
const headingIdSyntax: Extension = { text: { [leftBrace]: headingIdText } };

function tokenizeHeadingIdText(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let size = 0;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('data');
    effects.consume(code);
    return afterBrace;
  }

  function afterBrace(code: Code): State | undefined {
    if (code !== numberSign) return nok(code);
    effects.consume(code);
    return inside;
  }

  function inside(code: Code): State | undefined {
    if (code === rightBrace && size > 0) {
      effects.consume(code);
      effects.exit('data');
      return ok;
    }
    // Line endings and tabs (negative codes), the end, another brace, or a space first: not an
    // id. Spaces after its first character are read (and reported by the transform).
    if (code === null || code < 0 || (code === 32 && size === 0) || code === leftBrace || code === rightBrace) return nok(code);
    size += 1;
    effects.consume(code);
    return inside;
  }
}
