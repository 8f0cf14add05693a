import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const icons = suite('page icons');

const project = (library: string | undefined) =>
  writeTempProject({
    'docs.json': JSON.stringify({ name: 'Icons', navigation: { pages: ['index'] }, ...(library ? { icons: { library } } : {}) }),
    'index.mdx': '---\ntitle: Home\n---\n\n<Icon icon="house" />\n\n<Icon icon="no-such-icon-xyz" />\n',
  });

icons('should draw named icons from the library docs.json chooses, and warn about unknown names on the page', async () => {
  const fontAwesome = await createSite(project(undefined));
  const page = await fontAwesome.render('index');
  assert.match(page?.html ?? '', /<svg[^>]*data-icon="house"/);
  const warnings = (page?.messages ?? []).filter((message) => message.ruleId === 'icon-unknown');
  assert.is(warnings.length, 1, JSON.stringify(page?.messages));
  assert.is(warnings[0]?.file, join(fontAwesome.root, 'index.mdx'));
  assert.match(warnings[0]?.reason ?? '', 'no-such-icon-xyz');

  const lucide = await createSite(project('lucide'));
  const lucideHtml = (await lucide.render('index'))?.html ?? '';
  assert.match(lucideHtml, /<svg[^>]*data-icon="house"/);
  assert.match(lucideHtml, 'stroke="currentColor"', 'a stroked Lucide icon, not Font Awesome');
  assert.not.equal(lucideHtml, (await fontAwesome.render('index'))?.html);
});

icons.run();
