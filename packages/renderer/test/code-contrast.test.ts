import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { legibleOn, raiseCodeContrast } from '../src/code-contrast.js';

// WCAG contrast of two hex colours, written out again so the test does not trust the module.
function ratio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const block = (tokens: string) =>
  `<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#ffffff;--shiki-dark-bg:#24292e" tabindex="0"><code>${tokens}</code></pre>`;

test('should raise github-light orange and github-dark comments to 5:1 against their block', () => {
  const html = raiseCodeContrast(block('<span style="--shiki-light:#E36209;--shiki-dark:#FFAB70">a</span><span style="--shiki-light:#6A737D;--shiki-dark:#6A737D">// b</span>'));
  const colours = [...html.matchAll(/<span style="--shiki-light:(#\w+);--shiki-dark:(#\w+)">/g)].map((match) => [match[1]!, match[2]!]);
  assert.is(colours.length, 2);
  const [orange, comment] = colours as [[string, string], [string, string]];
  assert.ok(ratio('#E36209', '#ffffff') < 4.5, 'the theme colour fails on its own');
  assert.ok(ratio(orange[0], '#ffffff') >= 5, `orange ${orange[0]}`);
  assert.is(orange[1], '#FFAB70', 'a dark colour that passes stays');
  assert.ok(ratio('#6A737D', '#24292e') < 4.5);
  assert.ok(ratio(comment[1], '#24292e') >= 5, `comment on dark ${comment[1]}`);
  assert.ok(ratio(comment[0], '#ffffff') >= 5, `comment on light ${comment[0]}`);
});

test('should move a colour only as far as it must, towards black on light and white on dark', () => {
  assert.is(legibleOn('#24292e', '#ffffff'), '#24292e');
  const darker = legibleOn('#e36209', '#ffffff');
  assert.ok(ratio(darker, '#ffffff') >= 5 && ratio(darker, '#ffffff') < 5.2, darker);
  const lighter = legibleOn('#6a737d', '#24292e');
  assert.ok(ratio(lighter, '#24292e') >= 5 && ratio(lighter, '#24292e') < 5.2, lighter);
  assert.ok(Number.parseInt(lighter.slice(1, 3), 16) > 0x6a, 'lighter on a dark background');
});

test('should leave HTML without highlighted blocks, and colours outside them, as they are', () => {
  const plain = '<p style="--shiki-light:#e36209">not code</p><pre><code>x</code></pre>';
  assert.is(raiseCodeContrast(plain), plain);
  const variables = '<pre class="shiki css-variables" style="--shiki-light:var(--x);--shiki-light-bg:var(--y)"><span style="--shiki-light:var(--z)">a</span></pre>';
  assert.is(raiseCodeContrast(variables), variables);
});

test('should keep every other byte of the page: text between blocks, tokens that pass, a mode without a background', () => {
  const raised = legibleOn('#E36209', '#ffffff');
  const token = (light: string, dark: string, text: string) => `<span style="--shiki-light:${light};--shiki-dark:${dark}">${text}</span>`;
  const lightOnly = (tokens: string) => `<pre class="shiki github-light" style="--shiki-light:#24292e;--shiki-light-bg:#ffffff" tabindex="0"><code>${tokens}</code></pre>`;
  const html = [
    block(`${token('#24292e', '#e1e4e8', 'ok')}${token('#E36209', '#FFAB70', 'a')} tail`),
    '<p>between, not code: --shiki-light:#E36209</p>',
    lightOnly(`${token('#E36209', '#6A737D', 'b')}${token('#24292e', '#e1e4e8', 'c')}`),
    block(token('#24292e', '#e1e4e8', 'nothing to raise')),
  ];
  assert.is(
    raiseCodeContrast(html.join('\n')),
    [
      block(`${token('#24292e', '#e1e4e8', 'ok')}${token(raised, '#FFAB70', 'a')} tail`),
      html[1],
      // No dark background in the block: its dark colours are left as they are.
      lightOnly(`${token(raised, '#6A737D', 'b')}${token('#24292e', '#e1e4e8', 'c')}`),
      html[3],
    ].join('\n'),
  );
  assert.is.not(raised, '#E36209');
});

// The regular expressions `raiseCodeContrast` once ran over the page, kept as the reference it
// must agree with: each block (opening tag with a style, then everything to the first
// `</pre>`), and in it each `--shiki-light:`/`--shiki-dark:` colour of 6, else 3, hex digits
// ending at a word boundary.
function referenceRaise(html: string): string {
  const blockPattern = /<pre class="shiki\b[^"]*" style="([^"]*)"[^>]*>[\s\S]*?<\/pre>/g;
  const variablePattern = /--shiki-(light|dark):(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})\b(?![0-9a-fA-F])/g;
  return html.replace(blockPattern, (block, style: string) => {
    const light = /--shiki-light-bg:(#[0-9a-fA-F]{3,6})\b/.exec(style)?.[1];
    const dark = /--shiki-dark-bg:(#[0-9a-fA-F]{3,6})\b/.exec(style)?.[1];
    return block.replace(variablePattern, (whole, mode: string, color: string) => {
      const background = mode === 'light' ? light : dark;
      return background === undefined ? whole : `--shiki-${mode}:${legibleOn(color, background)}`;
    });
  });
}

test('should agree with a replace of each block by regular expressions, on awkward input', () => {
  const pieces = [
    block('<span style="--shiki-light:#E36209;--shiki-dark:#6A737D">a</span>'),
    '<pre class="shiki" style="--shiki-light-bg:#fff"><span style="--shiki-light:#e36;--shiki-light:#E36;--shiki-light:#e36209a;--shiki-light:#e3620;--shiki-light:#e36_">x</span></pre>',
    '<pre class="shikix" style="--shiki-light-bg:#fff"><span style="--shiki-light:#e36209">not a block</span></pre>',
    '<pre class="shiki" data-x="1"><span style="--shiki-light:#e36209">no style first</span></pre>',
    '<pre class="shiki github-dark" style="--shiki-dark-bg:#24292e" tabindex="0"><span style="--shiki-dark:#6A737D;--shiki-light:#E36209">dark only</span></pre>',
    '<p>--shiki-light:#e36209 outside</p>',
    '<pre class="shiki" style="--shiki-light-bg:#ffffff"><span style="--shiki-light:#e36209">no end',
    '<pre class="shiki" style="--shiki-light-bg:#ffffff">--shiki-light:#6a737d</pre>--shiki-light:#6a737d',
    '<pre class="shiki a" style="--shiki-light-bg:#ffffff;--shiki-dark-bg:#000"><span style="--shiki-light:#FFF;--shiki-dark:#111111">–é</span></pre>',
  ];
  // Every order and pairing of the pieces, so each one meets the others' ends and beginnings.
  for (const first of pieces) {
    for (const second of pieces) {
      for (const glue of ['', '\n']) {
        const html = first + glue + second;
        assert.is(raiseCodeContrast(html), referenceRaise(html), html);
      }
    }
  }
});

test.run();
