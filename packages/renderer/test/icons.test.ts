import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { proIconAliases } from '../src/icon-aliases.js';
import { findIcon, parseIconSvg } from '../src/icons.js';
import type { RenderMessage } from '../src/render-context.js';
import { builtinComponents as c, renderToHtml, resolveIcon, type RenderContextValue } from '../src/index.js';

const require = createRequire(import.meta.url);

/** The first path data of an icon file of a package, to compare with what docsgen inlines. */
function firstPath(file: string): string {
  const d = /<path[^>]*\sd="([^"]+)"/.exec(readFileSync(require.resolve(file), 'utf8'))?.[1];
  assert.ok(d, `${file} has a path`);
  return d;
}

function render(props: Record<string, unknown>, context?: RenderContextValue): { html: string; messages: Array<{ ruleId: string; actual?: string | undefined }> } {
  const messages: Array<{ ruleId: string; actual?: string | undefined }> = [];
  const html = renderToHtml(h(c.Icon!, props), { ...context, onMessage: (message) => messages.push(message) });
  return { html, messages };
}

test('should inline Font Awesome solid, regular and brands glyphs from the package', () => {
  const solid = resolveIcon('rocket');
  assert.ok(solid?.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/rocket.svg')));
  assert.match(solid!, /^<svg class="dg-icon" data-icon="rocket" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 512 512" fill="currentColor" width="1em" height="1em" aria-hidden="true" focusable="false"><path/);
  assert.not.match(solid!, '<!--', 'the licence comment is stripped');
  const regular = resolveIcon('star', { iconType: 'regular' });
  assert.ok(regular?.includes(firstPath('@fortawesome/fontawesome-free/svgs/regular/star.svg')));
  assert.not.ok(regular?.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/star.svg')), 'regular is not solid');
  assert.ok(resolveIcon('github')?.includes(firstPath('@fortawesome/fontawesome-free/svgs/brands/github.svg')), 'brands without an icon type');
  assert.ok(resolveIcon('rocket', { iconType: 'duotone' })?.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/rocket.svg')), 'pro styles fall back to solid');
  assert.ok(resolveIcon('rocket', { library: 'library-a' })?.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/rocket.svg')));
});

test('should inline Lucide and Tabler glyphs as strokes', () => {
  for (const library of ['lucide', 'library-b']) {
    const svg = resolveIcon('book-open', { library });
    assert.ok(svg?.includes(firstPath('lucide-static/icons/book-open.svg')), library);
    assert.match(svg!, 'fill="none" stroke="currentColor"');
  }
  const tabler = resolveIcon('rocket', { library: 'tabler' });
  const tablerFile = readFileSync(require.resolve('@tabler/icons/outline/rocket.svg'), 'utf8');
  assert.ok(tablerFile.includes('M4 13a8 8 0 0 1 7 7'));
  assert.ok(tabler?.includes('M4 13a8 8 0 0 1 7 7'), 'the Tabler outline rocket');
  assert.match(tabler!, 'stroke="currentColor"');
  assert.not.match(tabler!, 'icon-tabler', 'the package classes are replaced by dg-icon');
});

test('should read Font Awesome class lists as an icon and its style', () => {
  // ClickHouse's docs write `icon="fa-brands fa-ubuntu"` and `icon="fa-solid fa-signal"`.
  assert.ok(resolveIcon('fa-brands fa-ubuntu')?.includes(firstPath('@fortawesome/fontawesome-free/svgs/brands/ubuntu.svg')));
  assert.ok(resolveIcon('fas fa-code fa-lg')?.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/code.svg')));
  assert.ok(resolveIcon('fa-solid fa-x fa-2x')?.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/x.svg')), '`fa-x` is an icon, `fa-2x` a size');
  const regular = resolveIcon('fa-regular fa-star');
  assert.ok(regular?.includes(firstPath('@fortawesome/fontawesome-free/svgs/regular/star.svg')), 'the class list\'s style');
  assert.not.ok(regular?.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/star.svg')));
  const drawn = render({ icon: 'fa-brands fa-docker' });
  assert.equal(drawn.messages, []);
  assert.ok(drawn.html.includes(firstPath('@fortawesome/fontawesome-free/svgs/brands/docker.svg')));
  // Not a class list of one icon: unknown, as before.
  for (const name of ['fa-solid fa-code fa-star', 'fa-brands ../x', 'solid code', 'fa-solid fa-../../etc']) assert.is(findIcon(name), undefined, name);
});

test('should find nothing for unknown and hostile names', () => {
  for (const name of ['no-such-icon-anywhere', '../../etc/passwd', '../../ROCKET', 'a/b', '%2e%2e', '..', 'rocket.svg', '', 'rocket\0', 'rocket--x', '-rocket']) {
    assert.is(resolveIcon(name), undefined, name);
    assert.is(resolveIcon(name, { library: 'lucide' }), undefined, name);
  }
});

test('should draw a placeholder for an unknown name, and nothing for hostile values, each with an `icon-unknown` warning', () => {
  const placeholder = firstPath('lucide-static/icons/circle-dashed.svg');
  const unknown = render({ icon: 'no-such-icon-anywhere' });
  assert.ok(unknown.html.includes(placeholder), 'the dashed circle');
  assert.match(unknown.html, 'data-icon="no-such-icon-anywhere" data-icon-drawn="lucide/circle-dashed"');
  assert.match(unknown.html, 'width="1em" height="1em"', 'the size of any icon');
  assert.equal(unknown.messages.map((message) => [message.ruleId, message.actual]), [['icon-unknown', 'no-such-icon-anywhere']]);
  for (const icon of ['../../etc/passwd', 'a/b', '%2e%2e']) {
    const { html, messages } = render({ icon });
    assert.is(html, '', icon);
    assert.equal(messages.map((message) => [message.ruleId, message.actual]), [['icon-unknown', icon]]);
  }
  assert.equal(render({ icon: 'rocket' }).messages, [], 'known names do not warn');
});

test('should paint the glyph with a background utility, as the platform does (its knowledge-base template: `className="!bg-white"`)', () => {
  const { html } = render({ icon: 'calendar-1', library: 'lucide', size: 36, className: '!bg-white' });
  assert.match(html, /^<span class="dg-icon !bg-white dg-icon-mask" style="--dg-icon-size:36px;--dg-icon-mask:url\(&quot;data:image\/svg\+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22/);
  assert.match(html, 'data-icon="calendar-1" aria-hidden="true"></span>');
  // The mask holds the glyph itself.
  const url = decodeURIComponent(/data:image\/svg\+xml,([^&]+)&quot;/.exec(html)?.[1] ?? '');
  assert.ok(url.includes(firstPath('lucide-static/icons/calendar-1.svg')), url);
  for (const className of ['dark:bg-black', 'bg-primary/20', 'md:hover:!bg-red-500']) assert.match(render({ icon: 'rocket', className }).html, 'dg-icon-mask', className);
  // Other utilities, and background utilities that are not a colour, leave the inline SVG.
  for (const className of ['text-green-500', 'shrink-0', 'bg-none', 'bg-cover', 'bg-gradient-to-r', 'subtle-bg-white']) {
    const drawn = render({ icon: 'rocket', className }).html;
    assert.match(drawn, /^<svg class="dg-icon /, className);
    assert.not.match(drawn, 'dg-icon-mask', className);
  }
});

test('should say which placeholder stands for an unknown name, with the closest name of the library', () => {
  const messages: RenderMessage[] = [];
  renderToHtml(h(c.Icon!, { icon: 'rockte' }), { onMessage: (message) => messages.push(message) });
  assert.is(messages.length, 1);
  assert.is(messages[0]!.reason, 'Unknown icon `rockte` in icon library `fontawesome`, drawn as a placeholder');
  assert.match(messages[0]!.note ?? '', /^Did you mean `rocket`\? A dashed circle holds its place/);
});

test('should match icon names in any case, in every library', () => {
  const github = render({ icon: 'GitHub' });
  assert.ok(github.html.includes(firstPath('@fortawesome/fontawesome-free/svgs/brands/github.svg')));
  assert.match(github.html, 'data-icon="github"');
  assert.not.match(github.html, 'data-icon-drawn', 'an exact match');
  assert.equal(github.messages, []);
  assert.ok(render({ icon: ' Rocket ', library: 'lucide' }).html.includes(firstPath('lucide-static/icons/rocket.svg')));
  assert.ok(resolveIcon('BOOK-OPEN', { library: 'tabler' })?.includes('data-icon="book-open"'));
  assert.ok(findIcon('ChArT-MiXeD')?.match === 'alias');
});

test('should draw brand names from Font Awesome\'s brands set under Lucide and Tabler, without a warning', () => {
  for (const library of ['lucide', 'library-b', 'tabler']) {
    for (const icon of ['github', 'slack', 'python', 'js', 'java', 'square-js']) {
      const { html, messages } = render({ icon }, { iconLibrary: library });
      assert.ok(html.includes(firstPath(`@fortawesome/fontawesome-free/svgs/brands/${icon}.svg`)), `${library} ${icon}`);
      assert.match(html, `data-icon-drawn="fontawesome/${icon}"`);
      assert.match(html, 'fill="currentColor"', 'brands are filled');
      assert.equal(messages, [], `${library} ${icon}`);
      assert.is(findIcon(icon, { library })?.match, 'brand', `${library} ${icon}: found as a brand, before other libraries`);
    }
  }
  // A name the library has stays the library's.
  assert.ok(render({ icon: 'rocket' }, { iconLibrary: 'lucide' }).html.includes(firstPath('lucide-static/icons/rocket.svg')));
});

test('should draw Font Awesome Pro names with the closest free icon, without a warning', () => {
  const cases: Array<[string, string]> = [
    ['chart-mixed', '@fortawesome/fontawesome-free/svgs/solid/chart-simple.svg'],
    ['spider-web', '@fortawesome/fontawesome-free/svgs/solid/circle-nodes.svg'],
    ['circle-1', '@tabler/icons/outline/circle-number-1.svg'],
    ['square-7', '@tabler/icons/outline/square-number-7.svg'],
    ['square-e', '@tabler/icons/outline/square-letter-e.svg'],
    ['circle-k', '@tabler/icons/outline/circle-letter-k.svg'],
    ['spinner-third', 'lucide-static/icons/loader-circle.svg'],
    ['waveform', 'lucide-static/icons/audio-waveform.svg'],
    ['books', 'lucide-static/icons/library-big.svg'],
    ['phone-arrow-up-right', 'lucide-static/icons/phone-outgoing.svg'],
    ['arrow-progress', 'lucide-static/icons/git-commit-horizontal.svg'],
    ['window', '@fortawesome/fontawesome-free/svgs/regular/window-maximize.svg'],
  ];
  for (const [icon, file] of cases) {
    for (const library of ['fontawesome', 'lucide']) {
      const { html, messages } = render({ icon }, { iconLibrary: library });
      const body = parseIconSvg(file.startsWith('@fortawesome') ? 'fontawesome' : 'lucide', readFileSync(require.resolve(file), 'utf8'))!.body;
      assert.ok(html.includes(body), `${library} ${icon} → ${file}`);
      assert.equal(messages, [], icon);
    }
  }
});

test('should keep every Pro alias pointing from a name the free sets lack to an icon they have', () => {
  const root = dirname(require.resolve('@fortawesome/fontawesome-free/package.json'));
  const free = new Set(['solid', 'regular', 'brands'].flatMap((style) => readdirSync(join(root, 'svgs', style)).map((file) => file.replace(/\.svg$/, ''))));
  for (const [name, target] of Object.entries(proIconAliases)) {
    assert.not.ok(free.has(name), `\`${name}\` is in Font Awesome Free: its alias would never be used`);
    assert.ok(findIcon(name)?.match === 'alias', `\`${name}\` → ${target.package}/${target.name} exists`);
    assert.is(findIcon(name)?.drawn, `${target.package}/${target.name}`);
  }
});

test('should use the icon library of the render context, unless the icon names its own', () => {
  const lucide = render({ icon: 'rocket' }, { iconLibrary: 'library-b' }).html;
  assert.ok(lucide.includes(firstPath('lucide-static/icons/rocket.svg')));
  const fontAwesome = render({ icon: 'rocket', library: 'fontawesome' }, { iconLibrary: 'library-b' }).html;
  assert.ok(fontAwesome.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/rocket.svg')));
  const bars = render({ icon: 'bars' }, { iconLibrary: 'lucide' });
  assert.ok(bars.html.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/bars.svg')), 'a name only Font Awesome has is drawn from it');
  assert.equal(bars.messages, []);
});

test('should draw a Font Awesome Pro name that Lucide has with Lucide\'s icon, not nothing', () => {
  // `webhook` and `square-terminal` are Font Awesome Pro icons, not in the free set.
  for (const icon of ['webhook', 'square-terminal']) {
    const { html, messages } = render({ icon });
    assert.ok(html.includes(firstPath(`lucide-static/icons/${icon}.svg`)), icon);
    assert.equal(messages, [], icon);
  }
  // A name the free set has stays Font Awesome's.
  assert.ok(render({ icon: 'rocket' }).html.includes(firstPath('@fortawesome/fontawesome-free/svgs/solid/rocket.svg')));
});

test('should render JSX written as an icon, in cards, steps and accordions too, and nothing in Markdown', () => {
  const svg = h('svg', { viewBox: '0 0 8 8' }, h('path', { d: 'M0 0h8v8z' }));
  const { html, messages } = render({ icon: svg, size: 20, color: '#f00' });
  assert.is(html, '<span class="dg-icon dg-icon-element" style="--dg-icon-size:20px;--dg-icon-color:#f00;" aria-hidden="true"><svg viewBox="0 0 8 8"><path d="M0 0h8v8z"></path></svg></span>');
  assert.equal(messages, []);
  for (const [name, props] of [['Card', { title: 'Raycast', icon: svg, href: '/x' }], ['Step', { title: 'One', icon: svg }], ['Accordion', { title: 'More', icon: svg }]] as const) {
    const drawn = renderToHtml(h(c[name]!, props, 'Body'));
    assert.match(drawn, '<span class="dg-icon dg-icon-element', name);
    assert.match(drawn, '<path d="M0 0h8v8z"></path>', name);
  }
  assert.is(renderToHtml(h(c.Icon!, { icon: svg }), { mode: 'markdown' }), '');
});

test('should render image references as images and escape them', () => {
  assert.match(render({ icon: '/images/x.svg' }).html, '<img class="dg-icon" src="/images/x.svg"');
  assert.match(render({ icon: 'https://example.com/a.svg?x="><script>' }).html, 'src="https://example.com/a.svg?x=&quot;>&lt;script>"');
  assert.is(render({ icon: '<svg onload="alert(1)"></svg>' }).html, '', 'raw SVG is never injected');
  assert.match(render({ icon: 'rocket', class: '"><script>' }).html, 'class="dg-icon &quot;>&lt;script>"');
});
test('should strip the prolog, comments, scripts, event handlers and javascript: links from package files', () => {
  const glyph = parseIconSvg(
    'lucide',
    '<?xml version="1.0"?>\n<!-- licence -->\n<svg class="x" onload="alert(1)" viewBox="0 0 24 24" stroke-width="1.5">\n  <!-- c --><script>alert(2)</script>\n  <path d="M1 1" onclick=\'alert(3)\' onmouseover=alert(4) />\n  <a href="javascript:alert(5)"><circle r="1"/></a>\n</svg>',
  );
  assert.equal(glyph, {
    attributes: { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.5', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
    body: '<path d="M1 1" /><a><circle r="1"/></a>',
  });
  assert.is(parseIconSvg('fontawesome', '<svg viewBox="0 0 1 1&quot; onload=&quot;x"><path/></svg>'), null, 'a viewBox that is not numbers is refused');
  assert.is(parseIconSvg('fontawesome', '<p>no svg</p>'), null);
});

test.run();
