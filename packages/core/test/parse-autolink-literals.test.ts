// The patches of GFM's autolink literals (`patches/micromark-extension-gfm-autolink-literal@…`,
// `patches/mdast-util-gfm-autolink-literal@…`): they make the full-GFM parse cheaper and must
// not change a tree.
import type { Root as MdastRoot } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const test = suite('autolink literal patches');

interface Construct {
  name?: string;
  tokenize: (this: unknown, ...args: unknown[]) => unknown;
  previous?: (this: unknown, code: number | null) => boolean;
}

/**
 * remark-gfm with its autolink constructs changed by `change` (the constructs are found in
 * the GFM extension remark-gfm registers, by name).
 */
function gfmWith(change: (construct: Construct) => Construct) {
  return function (this: Processor): undefined {
    remarkGfm.call(this);
    const extensions = this.data().micromarkExtensions!;
    const gfm = extensions.at(-1) as unknown as { text: Record<string, Construct | Construct[]> };
    const changed = new Map<Construct, Construct>();
    const text: Record<string, Construct[]> = {};
    for (const [code, list] of Object.entries(gfm.text)) {
      text[code] = [list].flat().map((construct) => {
        if (!/Autolink$/.test(construct.name ?? '')) return construct;
        if (!changed.has(construct)) changed.set(construct, change(construct));
        return changed.get(construct)!;
      });
    }
    extensions[extensions.length - 1] = { ...gfm, text } as never;
  };
}

// The constructs as upstream has them: `previous` judges the previous character only (the
// patch reads ahead only when it is called on a tokenize context).
const upstreamPrevious = gfmWith((construct) => ({
  ...construct,
  previous: (code) => construct.previous!.call(undefined, code),
}));

const parse = (source: string) => unified().use(remarkParse).use(remarkGfm).parse(source);
const parseUpstream = (source: string) => unified().use(remarkParse).use(upstreamPrevious).parse(source);

/** The URLs of the links of a tree, in document order. */
function linkUrls(tree: unknown): string[] {
  const urls: string[] = [];
  const visit = (node: { type: string; url?: string; children?: unknown[] }): void => {
    if (node.type === 'link') urls.push(node.url!);
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(tree as { type: string });
  return urls;
}

// Autolink literals where a chunk of the tokenizer starts or ends next to them (line starts,
// container prefixes, tabs, table cells), in either case, and words that only start like one.
const cases: Array<[string, string[]]> = [
  ['www.example.com', ['http://www.example.com']],
  ['WwW.Example.com and HTTPS://x.org', ['http://WwW.Example.com', 'HTTPS://x.org']],
  ['mail a.b+c_d-e@example.co.uk.', ['mailto:a.b+c_d-e@example.co.uk']],
  ['> quote www.a.com\n> and b@c.de', ['http://www.a.com', 'mailto:b@c.de']],
  ['- item\twww.tab.com\n- http://x.y\tz@tab.org', ['http://www.tab.com', 'http://x.y', 'mailto:z@tab.org']],
  ['| a | b |\n| - | - |\n| www.cell.com | c@cell.com |', ['http://www.cell.com', 'mailto:c@cell.com']],
  ['line one\nwww.two.com\nthree@four.io', ['http://www.two.com', 'mailto:three@four.io']],
  ['how who what http https http:/ https:/x httpx://x.y www wwwx.y ww.x.y', []],
  // After `/` only the mdast transform finds an email; micromark reads `xmpp:` and `mailto:` as text.
  ['at@ @x.y a@b a/b@c.de xmpp:a@b.cd mailto:e@f.gh', ['mailto:b@c.de', 'mailto:a@b.cd', 'mailto:e@f.gh']],
  ['*www.em.com* _f@em.com_ **https://strong.org**', ['http://www.em.com', 'mailto:f@em.com', 'https://strong.org']],
  // Not in a link's label or an image's description; an undefined reference stays text.
  ['[label www.in.label](/to) and ![www.alt.com](i.png) [x][www.ref]', ['/to', 'http://www.ref']],
  // Character references: the mdast transform reads the decoded text.
  ['a&#64;b.com and www&#46;x.com', ['mailto:a@b.com', 'http://www.x.com']],
];

test('should find autolink literals next to chunk boundaries, in either case, and nothing that only starts like one', () => {
  for (const [source, urls] of cases) assert.equal(linkUrls(parse(source)), urls, source);
});

test('should parse to the same tree as the constructs without reading ahead', () => {
  for (const [source] of cases) assert.equal(parse(source), parseUpstream(source), source);
  const pieces = ['w', 'W', 'www.', 'h', 'http', 'HTTPS', '://', ':', '/', '.', '@', 'a', 'b1', 'x_y', '-', '+', ' ', '\n', '\t', '> ', '- ', '|', '| - |', '[', ']', '(', ')', '![', '*', '_', '~', '`', '&#64;', '\\', '<', 'mailto:', 'xmpp:', 'example.com', ',', 'é'];
  let state = 7;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let index = 0; index < 2000; index++) {
    let source = '';
    const length = 1 + Math.floor(random() * 24);
    for (let piece = 0; piece < length; piece++) source += pieces[Math.floor(random() * pieces.length)];
    assert.equal(parse(source), parseUpstream(source), JSON.stringify(source));
  }
});

test('should not try the email construct at words that are not followed by an at sign', () => {
  let attempts = 0;
  const counting = gfmWith((construct) =>
    construct.name === 'emailAutolink'
      ? {
          ...construct,
          tokenize(...args) {
            attempts++;
            return construct.tokenize.apply(this, args);
          },
        }
      : construct,
  );
  // Words at the end of a line, before a tab, and at the end of the text too.
  const tree = unified().use(remarkParse).use(counting).parse('some plain words, then one a@b.co and more words\nnext\tline end\n');
  assert.equal(linkUrls(tree), ['mailto:a@b.co']);
  // One attempt, at `a` of the address: upstream tries every word (twelve here).
  assert.is(attempts, 1);
});

test('should turn literals in every text node of a paragraph into links, in place', () => {
  // The mdast transform alone (the micromark constructs disabled): its find-and-replace runs
  // on each text node with `@`, `://` or `www.`, not over the whole tree per expression.
  const transformOnly = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(function (this: Processor) {
      this.data().micromarkExtensions!.push({ disable: { null: ['wwwAutolink', 'protocolAutolink', 'emailAutolink'] } });
    });
  const tree = transformOnly.parse('a www.one.com *b* two@x.io `c` d xmpp:e@f.gh/r [g https://in.link](/h) i mailto:j@k.lm.\n') as MdastRoot;
  const paragraph = tree.children[0] as { children: Array<{ type: string; value?: string; url?: string }> };
  assert.equal(
    paragraph.children.map((node) => (node.type === 'text' ? node.value : node.type === 'link' ? `<${node.url}>` : node.type)),
    ['a ', '<http://www.one.com>', ' ', 'emphasis', ' ', '<mailto:two@x.io>', ' ', 'inlineCode', ' d ', '<xmpp:e@f.gh/r>', ' ', '</h>', ' i ', '<mailto:j@k.lm>', '.'],
  );
  assert.equal(linkUrls(tree), ['http://www.one.com', 'mailto:two@x.io', 'xmpp:e@f.gh/r', '/h', 'mailto:j@k.lm']);
});

test.run();
