// The patch of MDX's JSX tokenizer (`patches/micromark-extension-mdx-jsx@…`): a tag's markers
// (`<`, `.`, `:`, `=`, quotes), the wrappers around its name and attribute names, and the
// whitespace between them are consumed inside the token around them instead of each being a
// token. Nothing reads those tokens (mdast-util-mdx-jsx has no handler for them); a page of
// HTML written as JSX (the MCP specification's schema reference, 726 KB) had 40 % of its events
// in them. The trees must stay those upstream gives: written out below, taken from an
// unpatched checkout, and real projects are compared whole with `bench/parse.mjs --same-as`.
import type { Event, Extension } from 'micromark-util-types';
import { createRequire } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageCompiler } from '../src/compile.js';

const test = suite('MDX JSX tokens');

// The tokenizer as a build reaches it: @mdx-js/mdx, remark-mdx, micromark-extension-mdxjs.
const fromMdx = createRequire(createRequire(import.meta.url).resolve('@mdx-js/mdx'));
const fromRemarkMdx = createRequire(fromMdx.resolve('remark-mdx'));
const { mdxjs } = (await import(fromRemarkMdx.resolve('micromark-extension-mdxjs'))) as { mdxjs(): Extension };
const fromMdxjs = createRequire(fromRemarkMdx.resolve('micromark-extension-mdxjs'));
const micromark = (await import(createRequire(fromRemarkMdx.resolve('mdast-util-from-markdown')).resolve('micromark'))) as {
  parse(options: { extensions: Extension[] }): { document(): { write(chunks: unknown[]): Event[] } };
  preprocess(): (value: string, encoding: undefined, end: boolean) => unknown[];
  postprocess(events: Event[]): Event[];
};
// The patched package is the one micromark-extension-mdxjs loads.
assert.ok(fromMdxjs.resolve('micromark-extension-mdx-jsx').includes('patch_hash='), 'the JSX tokenizer is the patched one');

function eventTypes(source: string): string[] {
  const events = micromark.postprocess(micromark.parse({ extensions: [mdxjs()] }).document().write(micromark.preprocess()(source, undefined, true)));
  return events.filter(([kind]) => kind === 'enter').map(([, token]) => token.type);
}

type Place = { start: { line: number; column: number }; end: { line: number; column: number } };
type Attribute = { type: string; name?: string; value?: string | null | { value: string }; position?: Place };
type Node = { type: string; name?: string | null; value?: unknown; attributes?: Attribute[]; children?: Node[]; position?: Place };

const at = (place: Place | undefined) => (place ? `${place.start.line}:${place.start.column}-${place.end.line}:${place.end.column}` : '-');

function attributeText(attribute: Attribute): string {
  const { value } = attribute;
  if (attribute.type === 'mdxJsxExpressionAttribute') return `{${String(value)}}`;
  const shown = value === null || value === undefined ? 'null' : typeof value === 'string' ? JSON.stringify(value) : `{${value.value}}`;
  return `${attribute.name}=${shown}@${at(attribute.position)}`;
}

/** A tree as `type name"value"@place[attributes](children)`. */
function summaryOf(node: Node): string {
  let text = node.type + (node.name === undefined ? '' : ` ${node.name}`) + (typeof node.value === 'string' ? JSON.stringify(node.value) : '') + `@${at(node.position)}`;
  if (node.attributes) text += `[${node.attributes.map(attributeText).join(' ')}]`;
  if (node.children) text += `(${node.children.map(summaryOf).join(' ')})`;
  return text;
}

const compiler = createPageCompiler({ root: '/project', code: { themes: { light: 'github-light', dark: 'github-dark' }, chrome: 'bar', copyButton: true }, knownComponents: [] });

async function parsed(source: string): Promise<string> {
  try {
    return summaryOf((await compiler.parsePage({ file: '/project/page.mdx', source })) as unknown as Node);
  } catch (error) {
    const place = (error as { place?: { line: number; column: number } }).place;
    return `error ${place ? `${place.line}:${place.column} ` : ''}${(error as Error).message}`;
  }
}

test('should not make tokens of markers, name wrappers and whitespace', () => {
  const types = eventTypes('a <span class="x" id = "y">b</span> <a.b.c d:e=\'f\' {...g} h />\n\n<svg:rect x:y="1"/>\n');
  for (const dropped of ['TagName', 'TagNameMemberMarker', 'TagNamePrefixMarker', 'TagAttributeName', 'TagAttributeNamePrefixMarker', 'TagAttributeInitializerMarker', 'TagAttributeValueLiteralMarker']) {
    assert.not.ok(types.includes(`mdxJsxTextTag${dropped}`) || types.includes(`mdxJsxFlowTag${dropped}`), dropped);
  }
  assert.not.ok(types.includes('esWhitespace'));
  // What mdast-util-mdx-jsx reads is still there; a tag's closing `>` keeps its marker (the root's end).
  for (const kept of ['mdxJsxTextTag', 'mdxJsxTextTagNamePrimary', 'mdxJsxTextTagNameMember', 'mdxJsxTextTagClosingMarker', 'mdxJsxTextTagAttribute', 'mdxJsxTextTagAttributeNamePrimary', 'mdxJsxTextTagAttributeValueLiteral', 'mdxJsxTextTagAttributeValueLiteralValue', 'mdxJsxTextTagExpressionAttribute', 'mdxJsxTextTagSelfClosingMarker', 'mdxJsxFlowTagNameLocal', 'mdxJsxFlowTagAttributeNameLocal']) {
    assert.ok(types.includes(kept), kept);
  }
  assert.is(types.filter((type) => type === 'mdxJsxTextTagMarker').length, types.filter((type) => type === 'mdxJsxTextTag').length);
});

// Trees (and errors) an unpatched checkout gives for the same sources (487a353).
const upstream: Array<[string, string]> = [
  [
    '<Card title="a" href=\'b\' icon={x} {...rest} disabled />\n',
    'root@1:1-2:1(mdxJsxFlowElement Card@1:1-1:56[title="a"@1:7-1:16 href="b"@1:17-1:25 icon={x}@1:26-1:34 {...rest} disabled=null@1:45-1:53]())',
  ],
  [
    'a <span class="x" id = "y">b</span> c <br/>',
    'root@1:1-1:44(paragraph@1:1-1:44(text"a "@1:1-1:3 mdxJsxTextElement span@1:3-1:36[class="x"@1:9-1:18 id="y"@1:19-1:27](text"b"@1:28-1:29) text" c "@1:36-1:39 mdxJsxTextElement br@1:39-1:44[]()))',
  ],
  ['<a.b.c d:e="f" />\n\n<svg:rect x:y="1"/>', 'root@1:1-3:20(mdxJsxFlowElement a.b.c@1:1-1:18[d:e="f"@1:8-1:15]() mdxJsxFlowElement svg:rect@3:1-3:20[x:y="1"@3:11-3:18]())'],
  [
    '<>fragment</>\n\nand <>inline</> too',
    'root@1:1-3:20(paragraph@1:1-1:14(mdxJsxTextElement null@1:1-1:14[](text"fragment"@1:3-1:11)) paragraph@3:1-3:20(text"and "@3:1-3:5 mdxJsxTextElement null@3:5-3:16[](text"inline"@3:7-3:13) text" too"@3:16-3:20))',
  ],
  ['> <Tip\n> title="t"\n> >\n> x\n> </Tip>\n', 'root@1:1-6:1(blockquote@1:1-5:9(mdxJsxFlowElement Tip@1:3-5:9[title="t"@2:3-2:12](paragraph@4:3-4:4(text"x"@4:3-4:4))))'],
  ['- <Note\n    kind="n"\n  >\n  item\n  </Note>\n', 'root@1:1-6:1(list@1:1-5:10(listItem@1:1-5:10(mdxJsxFlowElement Note@1:3-5:10[kind="n"@2:5-2:13](paragraph@4:3-4:7(text"item"@4:3-4:7)))))'],
  [
    'text <a title="x\ny"\n  href="z">w</a> end',
    'root@1:1-3:21(paragraph@1:1-3:21(text"text "@1:1-1:6 mdxJsxTextElement a@1:6-3:17[title="x\\ny"@1:9-2:3 href="z"@3:3-3:11](text"w"@3:12-3:13) text" end"@3:17-3:21))',
  ],
  ['<Steps>\n  <Step title="One">\n    Do it.\n  </Step>\n</Steps>', 'root@1:1-5:9(mdxJsxFlowElement Steps@1:1-5:9[](mdxJsxFlowElement Step@2:3-4:10[title="One"@2:9-2:20](paragraph@3:5-3:11(text"Do it."@3:5-3:11))))'],
  ['<a\u00a0b="c">u</a>\n', 'root@1:1-2:1(paragraph@1:1-1:15(mdxJsxTextElement a@1:1-1:15[b="c"@1:4-1:9](text"u"@1:10-1:11)))'],
  [
    '<div class="t"><span class="k">interface</span>&nbsp;<a href="#x" class="y">X</a><br/></div>',
    'root@1:1-1:93(paragraph@1:1-1:93(mdxJsxTextElement div@1:1-1:93[class="t"@1:6-1:15](mdxJsxTextElement span@1:16-1:48[class="k"@1:22-1:31](text"interface"@1:32-1:41) text"\u00a0"@1:48-1:54 mdxJsxTextElement a@1:54-1:82[href="#x"@1:57-1:66 class="y"@1:67-1:76](text"X"@1:77-1:78) mdxJsxTextElement br@1:82-1:87[]())))',
  ],
  ['<a\n\n/>\n', 'root@1:1-4:1(mdxJsxFlowElement a@1:1-3:3[]())'],
  ['<a b="c>\n', 'error 2:1 Unexpected end of file in attribute value, expected a corresponding closing quote `"`'],
  ['<a b=c/>\n', 'error 1:6 Unexpected character `c` (U+0063) before attribute value, expected a character that can start an attribute value, such as `"`, `\'`, or `{`'],
  ['<a.b:c/>\n', 'error 1:5 Unexpected character `:` (U+003A) in member name, expected a name character such as letters, digits, `$`, or `_`; whitespace before attributes; or the end of the tag'],
];

test('should give the trees and errors upstream gives', async () => {
  for (const [source, expected] of upstream) assert.is(await parsed(source), expected, JSON.stringify(source));
});

test.run();
