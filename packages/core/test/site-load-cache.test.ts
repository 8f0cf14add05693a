import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFrontmatter } from '../src/frontmatter.js';
import { SiteLoadCache } from '../src/site-load-cache.js';
import { createSite } from '../src/site.js';
import { writeTempProject } from './temp-project.js';

const cache = suite('site load cache');

cache('should read a page again when its file changed, told or not, and after `forget`', () => {
  const root = writeTempProject({ 'a.mdx': '---\ntitle: One\n---\n' });
  const file = join(root, 'a.mdx');
  const loads = new SiteLoadCache();
  let reads = 0;
  const read = (path: string) => {
    reads += 1;
    return parseFrontmatter(readFileSync(path, 'utf8'), { file: path });
  };
  try {
    assert.is(loads.pageSource(file, read).data.title, 'One');
    assert.is(loads.pageSource(file, read).data.title, 'One');
    assert.is(reads, 1);
    writeFileSync(file, '---\ntitle: Three\n---\n');
    assert.is(loads.pageSource(file, read).data.title, 'Three');
    assert.is(reads, 2);
    loads.forget([root]);
    loads.pageSource(file, read);
    assert.is(reads, 3);
    rmSync(file);
    assert.throws(() => loads.pageSource(file, read));
  } finally {
    rmSync(root, { recursive: true });
  }
});

cache('should place spec messages in docs.json where its lines are now, not where they were', async () => {
  const config = { name: 'Specs', navigation: { pages: ['index'] }, api: { openapi: 'missing.yaml' } };
  const root = writeTempProject({ 'docs.json': JSON.stringify(config, null, 2), 'index.mdx': '# Home\n' });
  const loads = new SiteLoadCache();
  try {
    const before = await createSite(root, { loadCache: loads });
    const line = before.messages.find((message) => message.ruleId === 'spec-unreadable')?.line;
    assert.type(line, 'number');
    writeFileSync(join(root, 'docs.json'), `\n\n${JSON.stringify(config, null, 2)}`);
    loads.forget([join(root, 'docs.json')]);
    const after = await createSite(root, { loadCache: loads });
    assert.is(after.messages.find((message) => message.ruleId === 'spec-unreadable')?.line, line! + 2);
  } finally {
    rmSync(root, { recursive: true });
  }
});

cache('should ask for the repository facts of a root once', async () => {
  const loads = new SiteLoadCache();
  let asked = 0;
  const load = async (root: string) => {
    asked += 1;
    return { remoteUrl: `https://example.com/${root}` };
  };
  assert.equal(await loads.repository('/a', load), { remoteUrl: 'https://example.com//a' });
  assert.equal(await loads.repository('/a', load), { remoteUrl: 'https://example.com//a' });
  await loads.repository('/b', load);
  assert.is(asked, 2);
});

cache.run();
