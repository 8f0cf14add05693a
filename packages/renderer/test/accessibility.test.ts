import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents as c, renderToHtml } from '../src/index.js';
import { startTags, withAttribute } from './html-tags.js';

const tabs = (labels: string[], props: Record<string, unknown> = {}) =>
  h(c.Tabs!, props, ...labels.map((title) => h(c.Tab!, { title }, h('p', null, `${title} content`))));

test('should render tabs as a tablist whose tabs control existing, labelled panels', () => {
  const tags = startTags(renderToHtml(tabs(['One', 'Two', 'Three'])));
  assert.is(withAttribute(tags, 'role', 'tablist').length, 1);
  const tabTags = withAttribute(tags, 'role', 'tab');
  const panels = withAttribute(tags, 'role', 'tabpanel');
  assert.is(tabTags.length, 3);
  assert.is(panels.length, 3);
  tabTags.forEach((tab, index) => {
    const panel = panels[index]!;
    assert.is(tab.attributes['aria-controls'], panel.attributes.id);
    assert.is(panel.attributes['aria-labelledby'], tab.attributes.id);
    // The label switches its radio, which shows the panel right after it without JavaScript.
    const radio = tags.find((tag) => tag.name === 'input' && tag.attributes.id === tab.attributes.for);
    assert.ok(radio, 'radio for the tab');
    assert.is(radio!.attributes.type, 'radio');
    assert.is(tags[tags.indexOf(radio!) + 1], panel);
  });
});

test('should select exactly the default tab, in aria-selected and in the checked radio', () => {
  const tags = startTags(renderToHtml(tabs(['A', 'B', 'C'], { defaultTabIndex: 2 })));
  assert.equal(
    withAttribute(tags, 'role', 'tab').map((tab) => tab.attributes['aria-selected']),
    ['false', 'false', 'true'],
  );
  const radios = tags.filter((tag) => tag.name === 'input');
  assert.equal(radios.map((radio) => 'checked' in radio.attributes), [false, false, true]);
});

test('should fall back to the first tab when defaultTabIndex is out of range', () => {
  const tags = startTags(renderToHtml(tabs(['A', 'B'], { defaultTabIndex: 7 })));
  assert.is(withAttribute(tags, 'role', 'tab')[0]!.attributes['aria-selected'], 'true');
});

test('should give two tab sets on one page distinct radio groups and ids', () => {
  const tags = startTags(renderToHtml(h('div', null, tabs(['A', 'B']), tabs(['A', 'B']))));
  const names = new Set(tags.filter((tag) => tag.name === 'input').map((tag) => tag.attributes.name));
  assert.is(names.size, 2);
  const ids = tags.map((tag) => tag.attributes.id).filter(Boolean);
  assert.is(new Set(ids).size, ids.length, 'ids are unique');
});

test('should make ids from separately rendered trees distinct with idPrefix', () => {
  const first = startTags(renderToHtml(tabs(['A']), { idPrefix: 'content-' }));
  const second = startTags(renderToHtml(tabs(['A']), { idPrefix: 'panel-' }));
  assert.is.not(first.find((tag) => tag.name === 'input')!.attributes.id, second.find((tag) => tag.name === 'input')!.attributes.id);
});

test('should render accordions and expandables as details/summary, open by defaultOpen', () => {
  const closed = renderToHtml(h(c.Accordion!, { title: 'Q' }, 'A'));
  assert.match(closed, /^<details class="dg-accordion accordion"><summary/);
  assert.not.match(closed, /<details[^>]* open/);
  assert.match(renderToHtml(h(c.Accordion!, { title: 'Q', defaultOpen: 'true' }, 'A')), /<details[^>]* open>/);
  assert.match(renderToHtml(h(c.Expandable!, { defaultOpen: '' }, 'x')), /^<details class="dg-expandable expandable" open><summary/);
});

test('should point tooltip triggers at the tooltip and make them focusable', () => {
  const tags = startTags(renderToHtml(h(c.Tooltip!, { tip: 'Explained' }, 'term')));
  const trigger = withAttribute(tags, 'aria-describedby')[0]!;
  const tooltip = withAttribute(tags, 'role', 'tooltip')[0]!;
  assert.is(trigger.attributes['aria-describedby'], tooltip.attributes.id);
  assert.is(trigger.attributes.tabindex, '0');
});

test('should label copy buttons and make them real buttons, never submit buttons', () => {
  const tags = startTags(renderToHtml(h(c.CodeBlock!, { code: 'x', copy: 'hover' })));
  const button = tags.find((tag) => tag.name === 'button')!;
  assert.is(button.attributes.type, 'button');
  assert.is(button.attributes['aria-label'], 'Copy code');
  assert.is(tags[0]!.attributes['data-copy'], 'hover');
  assert.not.match(renderToHtml(h(c.CodeBlock!, { code: 'x', copy: 'none' })), '<button');
  assert.not.match(renderToHtml(h(c.CodeBlock!, { code: 'x', copy: false })), '<button');
});

test('should give long expandable code blocks a toggle with aria-expanded', () => {
  const code = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n');
  const tags = startTags(renderToHtml(h(c.CodeBlock!, { code, expandable: 'true' })));
  const toggle = tags.find((tag) => tag.name === 'button' && tag.attributes.class === 'dg-code-expand')!;
  assert.is(toggle.attributes['aria-expanded'], 'false');
  assert.not.match(renderToHtml(h(c.CodeBlock!, { code: 'short', expandable: 'true' })), 'dg-code-expand');
});

test('should announce the callout type to screen readers, not only by colour', () => {
  for (const [name, label] of [['Note', 'Note'], ['Warning', 'Warning'], ['Danger', 'Danger']] as const) {
    const html = renderToHtml(h(c[name]!, null, h('p', null, 'x')));
    assert.match(html, 'role="note"');
    assert.match(html, `<span class="dg-sr-only">${label}: </span>`);
  }
});

test('should keep list semantics on steps and hide decorative markers', () => {
  const html = renderToHtml(h(c.Steps!, null, h(c.Step!, { title: 'One' }, 'x')));
  assert.match(html, '<ol class="dg-steps steps" role="list">');
  assert.match(html, '<span class="dg-step-marker" data-component-part="step-number" aria-hidden="true">1</span>');
});

test('should hide icons from assistive technology', () => {
  for (const icon of ['rocket', '/icons/x.svg']) {
    const tag = startTags(renderToHtml(h(c.Icon!, { icon })))[0]!;
    assert.is(tag.attributes['aria-hidden'], 'true');
  }
});

test('should name heading self-links and example regions', () => {
  const heading = startTags(renderToHtml(h(c.h2!, { id: 'intro' }, 'Intro')));
  assert.is(withAttribute(heading, 'href', '#intro')[0]!.attributes['aria-label'], 'Link to this section');
  const region = startTags(renderToHtml(h(c.RequestExample!, null, h(c.CodeBlock!, { code: 'x' }))));
  const label = withAttribute(region, 'class', 'dg-example-label')[0]!;
  assert.is(region[0]!.name, 'section');
  assert.is(region[0]!.attributes['aria-labelledby'], label.attributes.id);
});

test('should make file-tree folders collapsible with details unless not openable', () => {
  const { Folder, File } = c.Tree as unknown as Record<string, typeof c.Note>;
  assert.match(renderToHtml(h(c.Tree!, null, h(Folder!, { name: 'src' }, h(File!, { name: 'a.ts' })))), '<details><summary class="dg-tree-name">src</summary>');
  assert.not.match(renderToHtml(h(c.Tree!, null, h(Folder!, { name: 'src', openable: 'false' }))), '<details');
});

test.run();
