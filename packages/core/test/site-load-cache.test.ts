import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFrontmatter } from '../src/frontmatter.js';
import { discoverPages } from '../src/discover.js';
import { describePage, pageBodyFacts } from '../src/pages.js';
import { SiteLoadCache, type KeptPageSource } from '../src/site-load-cache.js';
import { createSite } from '../src/site.js';
import { writeTempProject } from './temp-project.js';

const cache = suite('site load cache');

/** A file's stamp as the cache writes it: a kept entry with it is current. */
function statStamp(path: string): string {
  const stats = statSync(path);
  return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

function readSource(path: string): KeptPageSource {
  const { data, messages, content } = parseFrontmatter(readFileSync(path, 'utf8'), { file: path });
  return { data, messages, body: pageBodyFacts(data, content) };
}

cache('should read a page again when its file changed, told or not, and after `forget`', () => {
  const root = writeTempProject({ 'a.mdx': '---\ntitle: One\n---\n' });
  const file = join(root, 'a.mdx');
  const loads = new SiteLoadCache();
  let reads = 0;
  const read = (path: string) => {
    reads += 1;
    return readSource(path);
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

cache('should keep pages in its file across processes, and read again only those changed since', () => {
  const root = writeTempProject({ 'a.mdx': '---\ntitle: One\n---\n', 'b.mdx': '# Heading of B\n\n<Update label="v1">x</Update>\n', 'c.mdx': '---\ntitle: Three\n---\n' });
  const file = join(root, '.docsgen', 'cache', 'dev', 'pages.json');
  const paths = ['a.mdx', 'b.mdx', 'c.mdx'].map((name) => join(root, name));
  let reads: string[] = [];
  const read = (path: string) => {
    reads.push(path);
    return readSource(path);
  };
  try {
    const first = new SiteLoadCache({ file });
    const before = paths.map((path) => first.pageSource(path, read));
    assert.is(reads.length, 3);
    first.save();
    assert.ok(existsSync(file));
    // Another process: nothing changed, nothing read, the same facts.
    reads = [];
    const second = new SiteLoadCache({ file });
    assert.equal(paths.map((path) => second.pageSource(path, read)), before);
    assert.equal(reads, []);
    assert.equal(before[1]!.body, { heading: 'Heading of B', hasUpdates: true });
    // A page changed while no process ran: only it is read again.
    writeFileSync(paths[2]!, '---\ntitle: Three, again\n---\n');
    const third = new SiteLoadCache({ file });
    assert.is(third.pageSource(paths[2]!, read).data.title, 'Three, again');
    assert.is(third.pageSource(paths[0]!, read).data.title, 'One');
    assert.equal(reads, [paths[2]]);
    // A page no load asks for any more (deleted) leaves the file with the next save.
    third.save();
    const written = Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { pages: object }).pages);
    assert.equal(written.sort(), [paths[0], paths[2]].sort());
  } finally {
    rmSync(root, { recursive: true });
  }
});

cache('should keep out of its file what JSON would change, and read a file it cannot use as none', () => {
  const root = writeTempProject({ 'a.mdx': '# A\n', 'b.mdx': '# B\n' });
  const file = join(root, 'pages.json');
  const [a, b] = ['a.mdx', 'b.mdx'].map((name) => join(root, name)) as [string, string];
  let reads: string[] = [];
  // A frontmatter date is a Date to YAML and a string to JSON: not kept.
  const read = (path: string): KeptPageSource => {
    reads.push(path);
    return path === a ? { data: { date: new Date(0) }, messages: [], body: { hasUpdates: false } } : readSource(path);
  };
  try {
    const first = new SiteLoadCache({ file });
    first.pageSource(a, read);
    first.save();
    // Saved again after another page was read: still without the date.
    first.pageSource(b, read);
    first.save();
    const { key, pages } = JSON.parse(readFileSync(file, 'utf8')) as { key: string; pages: object };
    assert.equal(Object.keys(pages), [b]);
    reads = [];
    const second = new SiteLoadCache({ file });
    assert.ok(second.pageSource(a, read).data.date instanceof Date);
    second.pageSource(b, read);
    assert.equal(reads, [a]);
    for (const broken of ['{', JSON.stringify({ key: 'another docsgen', pages: {} }), JSON.stringify({ key, pages: { [b]: { stamp: statStamp(b), value: 'nonsense' } } })]) {
      writeFileSync(file, broken);
      reads = [];
      new SiteLoadCache({ file }).pageSource(b, read);
      assert.equal(reads, [b], broken);
    }
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

cache('should keep what it found of the pages until a page, site file or folder comes or goes', async () => {
  const root = writeTempProject({ 'a.mdx': '# A\n', 'guides/b.mdx': '# B\n', 'docs.json': '{}', 'logo.png': 'png' });
  const loads = new SiteLoadCache();
  let walks = 0;
  const discover = async () => {
    walks += 1;
    return discoverPages(root);
  };
  const slugs = async () => (await loads.discovery(root, discover)).pages.map((page) => page.slug);
  try {
    assert.equal(await slugs(), ['a', 'guides/b']);
    // Saved files that are not new pages: docs.json, a page's text, an image.
    writeFileSync(join(root, 'a.mdx'), '# A again\n');
    loads.forget([join(root, 'docs.json'), join(root, 'a.mdx'), join(root, 'logo.png')]);
    await slugs();
    assert.is(walks, 1);
    const found = (change: () => void, told: string, expected: string[]) => async () => {
      change();
      loads.forget([join(root, told)]);
      assert.equal(await slugs(), expected, told);
    };
    await found(() => writeFileSync(join(root, 'c.md'), '# C\n'), 'c.md', ['a', 'c', 'guides/b'])();
    await found(() => writeFileSync(join(root, 'style.css'), 'body{}'), 'style.css', ['a', 'c', 'guides/b'])();
    assert.equal((await loads.discovery(root, discover)).siteFiles, ['style.css']);
    await found(() => rmSync(join(root, 'c.md')), 'c.md', ['a', 'guides/b'])();
    await found(() => mkdirSync(join(root, 'more')), 'more', ['a', 'guides/b'])();
    await found(() => writeFileSync(join(root, 'more', 'd.mdx'), '# D\n'), 'more/d.mdx', ['a', 'guides/b', 'more/d'])();
    // A folder that went, named like a file.
    await found(() => renameSync(join(root, 'guides'), join(root, 'v1.2')), 'guides', ['a', 'more/d', 'v1.2/b'])();
    await found(() => rmSync(join(root, 'v1.2'), { recursive: true }), 'v1.2', ['a', 'more/d'])();
    assert.is(walks, 8);
  } finally {
    rmSync(root, { recursive: true });
  }
});

cache('should keep what `keep` made while its inputs and files are the same, told or not', () => {
  const root = writeTempProject({ 'f.json': '1' });
  const file = join(root, 'f.json');
  const loads = new SiteLoadCache();
  let made = 0;
  const make = () => ({ made: (made += 1) });
  try {
    const first = loads.keep('part', { settings: ['a'] }, make, { files: [file] });
    assert.is(loads.keep('part', { settings: ['a'] }, make, { files: [file] }), first);
    assert.is(made, 1);
    // Other inputs, deeply: made again.
    loads.keep('part', { settings: ['b'] }, make, { files: [file] });
    assert.is(made, 2);
    // The file changed, nobody told: made again.
    writeFileSync(file, '22');
    loads.keep('part', { settings: ['b'] }, make, { files: [file] });
    assert.is(made, 3);
    // Told of a change: made again.
    loads.forget([file]);
    loads.keep('part', { settings: ['b'] }, make, { files: [file] });
    assert.is(made, 4);
    // Another list of files: made again.
    loads.keep('part', { settings: ['b'] }, make, { files: [] });
    assert.is(made, 5);
    // One the caller says may not serve again.
    loads.keep('part', { settings: ['b'] }, make, { files: [], isReusable: () => false });
    assert.is(made, 6);
  } finally {
    rmSync(root, { recursive: true });
  }
});

cache('should give the same page metadata for the same source and folder label only', () => {
  const loads = new SiteLoadCache();
  const source: KeptPageSource = { data: { title: 'A' }, messages: [], body: { hasUpdates: false } };
  const file = { slug: 'a', file: '/p/a.mdx', relativePath: 'a.mdx', format: 'mdx' as const, isSection: false };
  const described = (folderLabel: string | undefined, page = file, kept = source) => loads.describedPage(page, kept, folderLabel, () => describePage(page, kept.data, kept.body, { folderLabel }));
  const first = described(undefined);
  assert.is(described(undefined), first);
  assert.is(described('Label').sidebarTitle, 'Label');
  assert.is(described(undefined).sidebarTitle, 'A');
  assert.is(described(undefined, { ...file, slug: 'b' }).slug, 'b');
  assert.is(described(undefined, file, { ...source, data: { title: 'B' } }).title, 'B');
});

cache('should parse docs.json\'s includes on save after a start that took docs.json from its cache entry, and write a new entry then', async () => {
  const config = { name: 'Included', navigation: { $ref: './nav.json' } };
  const root = writeTempProject({ 'docs.json': JSON.stringify(config), 'nav.json': JSON.stringify({ pages: ['index'] }), 'index.mdx': '# Home\n' });
  const entry = join(root, '.docsgen', 'cache', 'config', 'docs-json.bin');
  try {
    // The first start parses docs.json and its include, and writes the entry at once (no load cache).
    await createSite(root, { compileCache: true });
    assert.ok(existsSync(entry));
    const loads = new SiteLoadCache();
    await createSite(root, { compileCache: true, loadCache: loads });
    assert.is(loads.configIncludes.size, 0, 'taken from the entry: nothing parsed');
    loads.save();
    assert.equal([...loads.configIncludes.keys()], [join(root, 'nav.json')]);
    // An edit: the entry of the new text is written on save, not during the load.
    const written = readFileSync(entry);
    writeFileSync(join(root, 'docs.json'), JSON.stringify({ ...config, name: 'Edited' }));
    loads.forget([join(root, 'docs.json')]);
    assert.is((await createSite(root, { compileCache: true, loadCache: loads })).config?.name, 'Edited');
    assert.equal(readFileSync(entry), written);
    loads.save();
    assert.not.equal(readFileSync(entry), written);
  } finally {
    rmSync(root, { recursive: true });
  }
});

cache('should do the work held back on save, the last one of each name, and `once` work once', () => {
  const loads = new SiteLoadCache();
  const done: string[] = [];
  loads.later('a', () => done.push('a1'));
  loads.later('a', () => done.push('a2'));
  loads.later('b', () => done.push('b'));
  loads.later('c', () => done.push('c1'), { once: true });
  loads.later('c', () => done.push('c2'), { once: true });
  assert.equal(done, []);
  loads.save();
  assert.equal(done, ['a2', 'b', 'c1']);
  loads.save();
  loads.later('c', () => done.push('c3'), { once: true });
  loads.save();
  assert.equal(done, ['a2', 'b', 'c1']);
});

cache.run();
