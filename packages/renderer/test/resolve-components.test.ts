import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinComponents, renderToHtml, resolveComponents } from '../src/index.js';

const ProjectNote = () => h('p', null, 'project');
const ThemeNote = () => h('p', null, 'theme');
const ThemeCard = () => h('p', null, 'theme card');

test('should prefer the project theme/ over the active theme over the built-in', () => {
  const map = resolveComponents({
    builtins: builtinComponents,
    theme: { Note: ThemeNote, Card: ThemeCard },
    project: { Note: ProjectNote },
  });
  assert.is(map.Note, ProjectNote);
  assert.is(map.Card, ThemeCard);
  assert.is(map.Tabs, builtinComponents.Tabs);
});

test('should use the built-ins when nothing overrides them', () => {
  assert.equal(resolveComponents({ builtins: builtinComponents }), builtinComponents);
  assert.equal(resolveComponents({ builtins: builtinComponents, theme: null, project: undefined }), builtinComponents);
});

test('should add names only an override defines', () => {
  const Banner = () => null;
  assert.is(resolveComponents({ builtins: builtinComponents, project: { Banner } }).Banner, Banner);
});

test('should ignore entries that are not components', () => {
  const map = resolveComponents({
    builtins: builtinComponents,
    project: { Note: undefined as never, Card: 'Card' as never },
  });
  assert.is(map.Note, builtinComponents.Note);
  assert.is(map.Card, builtinComponents.Card);
});

test('should not change its inputs', () => {
  const builtins = { ...builtinComponents };
  const theme = { Note: ThemeNote };
  resolveComponents({ builtins, theme, project: { Note: ProjectNote } });
  assert.is(builtins.Note, builtinComponents.Note);
  assert.equal(Object.keys(theme), ['Note']);
});

test('should render a page with the resolved map', () => {
  const map = resolveComponents({ builtins: builtinComponents, project: { Note: ProjectNote } });
  assert.is(renderToHtml(h(map.Note!, null)), '<p>project</p>');
});

test.run();
