import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createSite, ProjectModules } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const modules = suite('ProjectModules');

modules('should keep one compiled version per file across edits, whether invalidated first or not', async () => {
  const root = writeTempProject({ 'page.md': '# One\n', 'snippet.mdx': 'Text.\n' });
  const graph = new ProjectModules({
    root,
    compileMdx: async ({ source }: { source: string }) => ({ code: `export default function C() { return ${JSON.stringify(source)}; }`, messages: [], data: {} }),
    globals: {},
    namedModules: {},
    renderTree: () => null,
  } as never);
  for (let edit = 0; edit < 5; edit += 1) {
    writeFileSync(join(root, 'page.md'), `# Edit ${edit}\n`);
    // The dev server invalidates before loading; a request alone just loads.
    if (edit % 2 === 0) graph.invalidate(join(root, 'page.md'));
    await graph.load(join(root, 'page.md'));
    await graph.load(join(root, 'snippet.mdx'));
  }
  assert.is(graph.compiledCount, 2);
});

modules('should list a page and everything it imports, with content hashes, as its dependencies', async () => {
  const root = writeTempProject({
    'docs.json': JSON.stringify({ name: 'T', navigation: { pages: ['index'] } }),
    'index.mdx': 'import A from "/snippets/a.mdx";\n\n<A />\n',
    'snippets/a.mdx': 'import B from "/snippets/b.mdx";\n\n<B />\n',
    'snippets/b.mdx': 'Deep.\n',
  });
  const site = await createSite(root);
  assert.equal(site.dependencies('index'), [], 'nothing before the page renders');
  await site.render('index');
  const first = site.dependencies('index');
  assert.equal(first.map((dependency) => dependency.file).sort(), ['index.mdx', 'snippets/a.mdx', 'snippets/b.mdx'].map((name) => join(root, name)).sort());
  writeFileSync(join(root, 'snippets/b.mdx'), 'Deeper.\n');
  site.invalidate(join(root, 'snippets/b.mdx'));
  await site.render('index');
  const second = site.dependencies('index');
  const hashOf = (list: typeof first, name: string) => list.find((dependency) => dependency.file === join(root, name))?.hash;
  assert.is.not(hashOf(second, 'snippets/b.mdx'), hashOf(first, 'snippets/b.mdx'));
  assert.is(hashOf(second, 'index.mdx'), hashOf(first, 'index.mdx'));
});

modules('should read a file once when files do not change (a build), and again when they may (dev)', async () => {
  const root = writeTempProject({ 'page.mdx': 'import S from "/snippets/s.mdx";\n\n<S />\n', 'snippets/s.mdx': 'First.\n' });
  const compiled: string[] = [];
  for (const filesChange of [false, true]) {
    writeFileSync(join(root, 'snippets/s.mdx'), 'First.\n');
    const graph = new ProjectModules({
      root,
      compileMdx: async ({ file, source }: { file: string; source: string }) => {
        compiled.push(source);
        return { code: file.endsWith('page.mdx') ? 'import S from "/snippets/s.mdx";\nexport default S;' : `export default function C() { return ${JSON.stringify(source)}; }`, messages: [], data: {} };
      },
      globals: {},
      namedModules: {},
      renderTree: () => null,
      filesChange,
    } as never);
    const page = join(root, 'page.mdx');
    await graph.link(page);
    const first = graph.recordOf(join(root, 'snippets/s.mdx'));
    // The snippet changes on disk without a watcher telling the graph.
    writeFileSync(join(root, 'snippets/s.mdx'), 'Second.\n');
    assert.is(await graph.hasChanged(page), filesChange, `hasChanged, filesChange: ${filesChange}`);
    await graph.link(page);
    const second = graph.recordOf(join(root, 'snippets/s.mdx'));
    assert.is(second === first, !filesChange, `same record, filesChange: ${filesChange}`);
  }
  // Without changes the snippet compiled once; with them, again after the edit.
  assert.equal(compiled.filter((source) => !source.startsWith('import')), ['First.\n', 'First.\n', 'Second.\n']);
});

modules.run();
