import type { Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { parseFragment } from 'parse5';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTwinHtml, parseWellFormed } from '../src/to-markdown-twin-html.js';
import { hastToMarkdownTwin, toMarkdownTwin } from '../src/to-markdown-twin.js';

const test = suite('to-markdown-twin-html');

/** What parse5 and hast-util-from-parse5 make of `html`, as the twin parsed it before. */
function reference(html: string): Root {
  return fromParse5(parseFragment(html, { sourceCodeLocationInfo: false, scriptingEnabled: false })) as Root;
}

/** `tree` as JSON, each `<svg>` as its name alone (the fast path leaves drawings empty). */
function withoutDrawings(tree: Root): string {
  return JSON.stringify(tree, (key, value: unknown) => {
    const node = value as { type?: unknown; tagName?: unknown } | null;
    return node !== null && typeof node === 'object' && node.type === 'element' && node.tagName === 'svg' ? { type: 'element', tagName: 'svg' } : value;
  });
}

/** `parseTwinHtml(html)` is `reference(html)`, key order included, drawings but by name. */
function assertSame(html: string): undefined {
  assert.is(withoutDrawings(parseTwinHtml(html)), withoutDrawings(reference(html)), html);
  return undefined;
}

test('should build the tree itself for markup as a renderer writes it, the same as parse5', () => {
  const cases = [
    '',
    'plain text',
    '<p>a &amp; b &lt;c&gt; &quot;d&quot;</p>\n<p>e</p>',
    '<h2>Title</h2>\n<p>Text with <strong>bold</strong>, <em>em</em>, <code>x &lt; y</code> and <a href="/a?b=1&amp;c=&quot;2&quot;">a link</a>.</p>',
    '<ul>\n<li><p>one</p></li>\n<li>two<ul><li>nested</li></ul></li>\n</ul><ol start="3"><li>three</li></ol>',
    '<table><thead><tr><th style="text-align:left;">A</th></tr></thead><tbody><tr><td style="text-align:center;"><code>b</code></td></tr></tbody></table>',
    '<table>\n<thead>\n<tr>\n<th>A</th>\n</tr>\n</thead>\n</table>',
    '<pre data-language="ts" data-title="index.ts"><code>const a = 1;\n\nconst b = 2;\n</code></pre>',
    '<blockquote><p><strong>Tip:</strong> x</p></blockquote><hr/><div><img src="/a.png" alt="A" noZoom/></div>',
    '<p>line<br/>break<br>again</p><input type="checkbox" checked disabled/> task',
    '<dl><dt>term</dt><dd>definition</dd></dl>',
    '<details><summary>More</summary><div><p>hidden</p></div></details>',
    '<video src="/v.mp4" autoplay loop muted playsinline></video><iframe src="https://x.y/" title="T" allowFullScreen></iframe>',
    '<button type="button" aria-label="Copy">Copy</button><label class="x">L</label><kbd>Ctrl</kbd>',
    '<a href="/x"><code>a</code></a><a href="/y">b</a>',
    '<div constructor="x" class="a b" id="i">prototype names are dropped by hast-util-from-parse5</div>',
    // Drawings, left empty: a reference's permalink icon, nested groups, a self-closing one.
    '<div class="tsd-anchor-link"><span>id</span><a href="#id" aria-label="Permalink" class="tsd-anchor-icon"><svg viewBox="0 0 24 24" aria-hidden="true"><use href="/assets/icons.svg#icon-anchor"/></svg></a></div>',
    '<p>a <svg width="8"><g fill="none"><clipPath id="c"><rect x="0"/></clipPath><path d="M0 0h8"></path></g><text x="1">t &amp; u</text><svg/></svg> b</p>',
    '<svg/><p>after</p>',
  ];
  for (const html of cases) {
    assert.ok(parseWellFormed(html), `expected the fast path for ${JSON.stringify(html)}`);
    assertSame(html);
  }
});

test('should leave to parse5 what HTML’s tree construction would change, with the same tree', () => {
  const cases = [
    // An element that closes an open `<p>`.
    '<p>a<div>b</div>c</p>',
    '<p><span>a<ul><li>b</li></ul></span></p>',
    '<p>a<table><tbody><tr><td>b</td></tr></tbody></table></p>',
    '<p>a<hr/>b</p>',
    '<p>a<h2>b</h2></p>',
    '<p>a<pre><code>b</code></pre></p>',
    // A link in a link, a button in a button, a heading in a heading.
    '<a href="/a">x<a href="/b">y</a>z</a>',
    '<p><a href="/a"><strong><a href="/b">y</a></strong></a></p>',
    '<button>a<button>b</button></button>',
    '<h2>a<h3>b</h3></h2>',
    // List items and definitions outside their lists.
    '<li>a</li><li>b</li>',
    '<ul><li>a<div><li>b</li></div></li></ul>',
    '<dd>a</dd>',
    '<dl><div><dt>a</dt></div></dl>',
    // Table parts outside their places, text in a table.
    '<table><tr><td>a</td></tr></table>',
    '<table><tbody><td>a</td></tbody></table>',
    '<table>text<tbody></tbody></table>',
    '<table><tbody><tr>text<td>a</td></tr></tbody></table>',
    '<table><tbody><tr><td>a</td></tr></tbody><span>b</span></table>',
    '<table><caption>c</caption></table>',
    '<td>a</td>',
    '<tr><td>a</td></tr>',
    '<table><tbody><tr><td>a</td></tr></tbody><table></table></table>',
    // A line ending right after `<pre>`; raw text; MathML.
    '<pre>\ncode</pre>',
    '<pre>\n\ncode</pre>',
    '<iframe src="/x">inside</iframe>',
    '<math><mi>x</mi></math>',
    '<script>a < b</script><style>p > a {}</style><textarea>\nx</textarea><noscript><p>x</p></noscript>',
    '<template><p>a</p></template>',
    // Character references other than the four, CR, NUL, comments, doctypes, stray `<`.
    '<p>a&nbsp;b &#39; &#x27; &copy &amp c</p>',
    '<p title="a&nbsp;b">x</p>',
    '<p>a\r\nb\rc</p>',
    '<p>a\0b</p>',
    '<!-- c --><p>a<!-- d --></p>',
    '<!doctype html><p>a</p>',
    '<p>a < b and 1<2 </ p></p>',
    // End tags that do not close the current element, elements left open, `/>` on others.
    '<p><em>a</p></em>',
    '<div><p>a</div>',
    '<p>a',
    '</p>',
    '<div/>a',
    '<span/>b</span>',
    '</br>',
    '<img src="a"></img>',
    // Attributes written otherwise, twice, or with other names.
    "<p class='a'>x</p>",
    '<p class=a>x</p>',
    '<p class="a" CLASS="b">x</p>',
    '<p  class="a">x</p>',
    '<p\nclass="a">x</p>',
    '<p class="a"/ >x</p>',
    '<p data-x="1" data-x="2">x</p>',
    '<P>x</P>',
    '<my-element>x</my-element>',
    '<a.b>x</a.b>',
    '<image src="a">',
    '<select><option>a</option></select><form><form></form></form>',
    '<nobr>a<nobr>b</nobr></nobr>',
    // Drawings holding what ends foreign content or lets HTML in, or written otherwise.
    '<svg><p>out</p></svg>',
    '<p><svg><g><div>x</div></g></svg></p>',
    '<svg><path/></p></svg>',
    '<svg><foreignObject><span>html</span></foreignObject></svg>',
    '<svg><title>T</title></svg>',
    '<svg><!-- c --></svg>',
    '<svg><g></svg>',
    '<svg><path d=\'x\'/></svg>',
    '<svg>unclosed',
    '<b><b><b><b>deep</b></b></b></b>',
  ];
  for (const html of cases) assertSame(html);
  // Each of these is, for the fast path, something to leave to parse5 (the last only may be taken).
  for (const html of cases.slice(0, -1)) assert.is(parseWellFormed(html), undefined, JSON.stringify(html));
});

test('should give the same twin as parse5’s tree, for random markup', () => {
  // A deterministic generator (mulberry32), so a failure can be reproduced.
  let seed = 0x7717;
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = ['a', 'word', ' ', '\n', '  ', 'x_y', '*', '_', '`', '#', '1.', '-', '+', '|', '[a]', '(b)', '!', '\\', '&amp;', '&lt;', '&gt;', '&quot;', '$', '~', '<', '>', '&copy;', '&', 'é', '😀', 'www.a.b', 'http://x.y'];
  const tags = ['p', 'div', 'span', 'strong', 'em', 'code', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'pre', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'br', 'hr', 'img', 'kbd', 'dl', 'dt', 'dd', 'button', 'del', 'sup', 'details', 'summary', 'input', 'svg', 'g', 'path', 'iframe'];
  const voids = new Set(['br', 'hr', 'img', 'input']);
  const attributes = ['', ' href="/x?a=1&amp;b"', ' class="a b"', ' style="text-align:right;"', ' data-language="ts"', ' src="/i.png" alt="I"', ' type="checkbox" checked', ' aria-hidden="true"', ' hidden'];

  const text = (): string => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join('');
  const markup = (depth: number): string => {
    let html = '';
    const count = Math.floor(random() * 4);
    for (let index = 0; index < count; index += 1) {
      if (depth > 4 || random() < 0.35) {
        html += text();
        continue;
      }
      const tag = pick(tags);
      const attribute = pick(attributes);
      if (voids.has(tag)) html += `<${tag}${attribute}${random() < 0.5 ? '/' : ''}>`;
      else html += `<${tag}${attribute}>${markup(depth + 1)}</${tag}>`;
    }
    return html;
  };
  // Shapes that render often: lists in lists, tables whole.
  const shaped = (): string =>
    pick([
      () => `<ul><li>${markup(2)}</li><li><p>${text()}</p><ul><li>${markup(3)}</li></ul></li></ul>`,
      () => `<table><thead><tr><th>${markup(3)}</th></tr></thead><tbody><tr><td>${markup(3)}</td><td>${text()}</td></tr></tbody></table>`,
      () => `<p>${text()}<a href="/a">${text()}</a>${text()}<code>${text()}</code></p>`,
      () => `<pre data-language="md"><code>${text()}\n${text()}</code></pre>`,
      () => markup(0),
    ])();

  let fast = 0;
  const total = 3000;
  for (let index = 0; index < total; index += 1) {
    const html = shaped() + (random() < 0.5 ? '\n' + shaped() : '');
    const ours = parseTwinHtml(html);
    assert.is(withoutDrawings(ours), withoutDrawings(reference(html)), html);
    if (parseWellFormed(html)) fast += 1;
    assert.is(toMarkdownTwin(html), hastToMarkdownTwin(reference(html)), html);
  }
  // Both paths are exercised.
  assert.ok(fast > total * 0.2 && fast < total * 0.9, `fast path taken ${fast} times of ${total}`);
});

test.run();
