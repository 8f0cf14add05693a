import { toHtml } from 'hast-util-to-html';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { safeUrl } from '@docsgen/util/safe-url';
import { renderPlainMarkdown } from '../src/spec-markdown-fast.js';
import { renderSpecMarkdown } from '../src/spec-markdown.js';

const test = suite('markdown');

const hostile = [
  "Hello <script>alert('x')</script>",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">raw</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD4=)',
  '![img](data:image/svg+xml,<svg onload=alert(1)>)',
  '![img](javascript:alert(1))',
  '[ref][x]\n\n[x]: javascript:alert(1)',
  '<iframe src="https://evil.example.com"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<div style="background:url(javascript:alert(1))" onclick="alert(1)">x</div>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<details open ontoggle="alert(1)">x</details>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  'www.example.com/<script>',
  '<https://example.com/" onmouseover="alert(1)>',
];

test('should never let scripts, handlers or unsafe URLs through', () => {
  for (const input of hostile) {
    const html = renderSpecMarkdown(input);
    assert.not.match(html, /<script/i, input);
    assert.not.match(html, /<iframe|<form|<svg/i, input);
    // Inside tags only: `onmouseover=` as text is harmless.
    assert.not.match(html, /<[^>]*\son[a-z]+=/i, input);
    assert.not.match(html, /<[^>]*style=/i, input);
    assert.not.match(html, /(href|src|action)="(?!https?:|mailto:|#)/i, input);
  }
});

test('should render CommonMark and GFM', () => {
  assert.is(renderSpecMarkdown('A **tiny** API.'), '<p>A <strong>tiny</strong> API.</p>');
  assert.is(renderSpecMarkdown('| a |\n|---|\n| 1 |'), '<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>');
  assert.is(renderSpecMarkdown('~~old~~ [docs](https://example.com)'), '<p><del>old</del> <a href="https://example.com">docs</a></p>');
  assert.is(renderSpecMarkdown('mail <a@example.com>'), '<p>mail <a href="mailto:a@example.com">a@example.com</a></p>');
});

test('should render nothing for non-strings and blank text', () => {
  assert.is(renderSpecMarkdown(undefined), '');
  assert.is(renderSpecMarkdown({ toString: () => '<script>' }), '');
  assert.is(renderSpecMarkdown('  \n '), '');
});

test('should keep only http(s) and mailto URLs in safeUrl', () => {
  assert.is(safeUrl('https://example.com/a?b=1'), 'https://example.com/a?b=1');
  assert.is(safeUrl(' mailto:a@example.com '), 'mailto:a@example.com');
  assert.is(safeUrl('/v1'), '/v1');
  for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'java\nscript:x', ' \u0000javascript:x', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'jav&#x09;ascript:x:']) {
    assert.is(safeUrl(bad), undefined, JSON.stringify(bad));
  }
  // A character reference would turn into a tab if anything ever decoded it.
  assert.is(safeUrl('jav&#x09;ascript:x'), undefined);
  assert.is(safeUrl('/a?b=1&c=2'), '/a?b=1&c=2');
  assert.is(safeUrl(42), undefined);
  assert.is(safeUrl('/v1', { allowRelative: false }), undefined);
  assert.is(safeUrl('wss://x', { protocols: ['wss'] }), 'wss://x');
});

// The fast path must produce exactly what the full pipeline does for every input it accepts.
const schema = { ...defaultSchema, protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https'], longDesc: ['http', 'https'] } };
const full = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, schema).freeze();
const renderFull = (text: string) => toHtml(full.runSync(full.parse(text)));

const pieces = [
  'The', 'number', ' ', ' ', '(max 100)', '.', ',', ':', ';', '"quoted"', "it's", '?', '!', '%', '$', '=', '+', '-', '/', '1.', '2)',
  '`code`', '`a<b&c`', '``', '` spaced `', '`', '[docs](https://example.com/a?b=1)', '[x](https://e.com/%zz)', '[y](http://a.b/c_d)',
  '![i](https://e.com/i.png)', '!', '[', ']', '(', ')', '*', '_', '**', '~', '#', '>', '<', '&', '&amp;', '\\', '|', '\n', '\n\n', '  \n',
  'www.example.com', 'https://example.com', 'a@b.co', 'Ünïcödé', '日本語', '\t', '   ', '- ', '1. ', '===', '---',
];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

test('should match the full pipeline wherever the fast path answers (generated input)', () => {
  const next = random(42);
  let answered = 0;
  for (let round = 0; round < 4000; round++) {
    const length = 1 + Math.floor(next() * 10);
    let text = next() < 0.7 ? 'Word ' : '';
    for (let index = 0; index < length; index++) text += pieces[Math.floor(next() * pieces.length)];
    const fast = renderPlainMarkdown(text);
    if (fast === undefined) continue;
    answered++;
    assert.is(fast, renderFull(text), JSON.stringify(text));
  }
  assert.ok(answered > 300, `the fast path answered ${answered} inputs`);
});

test('should leave Markdown syntax to the full pipeline', () => {
  for (const text of ['**bold**', '- item', '# Title', '> quote', 'a\n\nb', 'see www.example.com', '[x](javascript:alert(1))', 'a &amp; b', '    code']) {
    assert.is(renderPlainMarkdown(text), undefined, text);
  }
  assert.is(renderPlainMarkdown('The `id` of the [user](https://example.com/u).'), '<p>The <code>id</code> of the <a href="https://example.com/u">user</a>.</p>');
});

test.run();
