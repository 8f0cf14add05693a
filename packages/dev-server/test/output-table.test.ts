import { buildSite, createSite, outputTable } from '@docsgen/core';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lookupContentType } from '../src/content-type.js';
import { createDevServer, createPreviewServer, type PreviewServer } from '../src/index.js';
import { sendRaw } from './project.js';

const table = suite('output table: dev serves what build writes');

const fixture = fileURLToPath(new URL('fixtures/output-table/every-output/', import.meta.url));

/** Every file of a folder, as posix paths from it. */
function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1).split('\\').join('/'))
    .sort();
}

table('should serve, byte for byte and with the same type, every output the build writes from the table', async () => {
  const work = mkdtempSync(join(tmpdir(), 'docsgen-output-table-'));
  const root = join(work, 'project');
  const outDir = join(work, 'dist');
  cpSync(fixture, root, { recursive: true });
  let server: Server | undefined;
  let preview: PreviewServer | undefined;
  try {
    // A host with functions, so the MCP outputs are written too.
    const built = await buildSite(root, { outDir, cache: false, workers: 1, adapter: 'netlify' });
    assert.ok(built.ok, built.messages.map((message) => message.reason).join('\n'));
    const buildSiteModel = await createSite(root, { mode: 'build' });
    const files = listFiles(outDir);

    ({ server } = createDevServer({ site: await createSite(root), liveReload: false }));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    preview = createPreviewServer({ folder: outDir });
    await new Promise<void>((resolve) => preview!.server.listen(0, '127.0.0.1', resolve));
    const previewPort = (preview.server.address() as AddressInfo).port;

    // A reader's browser asks for a page before the stylesheets it links: the dev server's
    // Tailwind CSS is made from the pages compiled so far (all of them, here).
    for (const slug of ['', 'guide', 'changelog', 'releases/notes']) assert.is((await sendRaw(port, `GET /${slug} HTTP/1.1`)).status, 200, slug);

    const listed = new Set<string>();
    for (const kind of outputTable) {
      const paths = await kind.list(buildSiteModel, { siteUrl: buildSiteModel.siteUrl });
      // The fixture has one of each kind; a sitemap split in parts needs over 50,000 pages.
      if (kind.name !== 'sitemap-part') assert.ok(paths.length > 0, `the fixture has no ${kind.name} (${kind.pattern})`);
      for (const path of paths) {
        listed.add(path);
        assert.ok(files.includes(path), `the build wrote ${path}`);
        const response = await sendRaw(port, `GET /${path} HTTP/1.1`);
        assert.is(response.status, 200, path);
        assert.ok(response.body.equals(readFileSync(join(outDir, path))), `dev serves the bytes the build wrote at ${path}`);
        const type = kind.contentType !== 'file' ? kind.contentType : lookupContentType(kind.name === 'favicon' ? (buildSiteModel.config?.favicon?.light ?? '') : path);
        assert.is(response.headers['content-type'], type, `${path} content type`);
        // `preview` serves the build output with the types dev sends, but for the favicon, which a host sends as `.ico`.
        const previewed = await sendRaw(previewPort, `GET /${path} HTTP/1.1`);
        assert.ok(previewed.body.equals(response.body), `preview serves ${path} as dev does`);
        if (kind.contentType !== 'file') assert.is(previewed.headers['content-type'], type, `preview: ${path} content type`);
      }
    }
    // Nothing the build wrote at a table pattern is missing from the table's list.
    const matched = files.filter((file) => outputTable.some((kind) => kind.matches(file)));
    assert.equal(matched, [...listed].sort());
    assert.ok(listed.has('favicon.ico') && listed.has('og/guide.png') && listed.has('rss.xml') && listed.has('releases/notes/rss.xml') && listed.has('openapi.yaml') && listed.has('_docsgen/tailwind.css'));
    // The skill folder's skill is listed; skill.md is the generated one, naming it.
    assert.ok(listed.has('skill.md') && listed.has('.well-known/skills/index.json') && listed.has('.well-known/agent-skills/index.json'));
    assert.ok(listed.has('.well-known/skills/every-output-deploys/SKILL.md') && listed.has('.well-known/agent-skills/every-output-deploys/SKILL.md'));
    assert.match(readFileSync(join(outDir, 'skill.md'), 'utf8'), '## Skills\n\n- [every-output-deploys](https://docs.example.com/.well-known/skills/every-output-deploys/SKILL.md)');
    assert.is((await sendRaw(port, 'GET /.well-known/skills/missing/SKILL.md HTTP/1.1')).status, 404);
    assert.is((await sendRaw(previewPort, 'GET /.well-known/skills/missing/SKILL.md HTTP/1.1')).status, 404);
    assert.is((await sendRaw(previewPort, 'GET /.well-known/../docs.json HTTP/1.1')).status, 400);
    assert.is((await sendRaw(previewPort, 'GET /.well-known/%2e%2e/index.html HTTP/1.1')).status, 400);
    assert.is((await sendRaw(previewPort, 'GET /.well-known/.hidden HTTP/1.1')).status, 404);
    assert.match(readFileSync(join(outDir, '_docsgen/tailwind.css'), 'utf8'), /\.sm\\:grid-cols-2/);
    // Linked from the page with class names only.
    assert.match(readFileSync(join(outDir, 'guide.html'), 'utf8'), /href="\/_docsgen\/tailwind\.css"/);
    assert.not.match(readFileSync(join(outDir, 'releases/notes.html'), 'utf8'), /tailwind\.css/);

    // The pages' Markdown twins are the same too.
    for (const twin of files.filter((file) => file.endsWith('.md'))) {
      const response = await sendRaw(port, `GET /${twin} HTTP/1.1`);
      assert.is(response.status, 200, twin);
      assert.is(response.body.toString('utf8'), readFileSync(join(outDir, twin), 'utf8'), twin);
    }
  } finally {
    if (server) await new Promise((resolve) => server!.close(resolve));
    await preview?.close();
    rmSync(work, { recursive: true, force: true });
  }
});

table('should describe each output once, with a name, a pattern, a content type and a cache policy', () => {
  const names = outputTable.map((kind) => kind.name);
  assert.equal(names, ['social-card', 'favicon', 'sitemap', 'robots', 'llms', 'llms-full', 'sitemap-part', 'changelog-feed', 'skill-md', 'skills-index', 'skill-file', 'spec-download', 'mcp-card', 'mcp', 'tailwind-css']);
  for (const kind of outputTable) {
    assert.ok(kind.pattern !== '' && kind.contentType !== '', kind.name);
    assert.ok(kind.cachePolicy === 'revalidate' || kind.cachePolicy === 'etag', kind.name);
  }
  const matching = (path: string) => outputTable.filter((kind) => kind.matches(path)).map((kind) => kind.name);
  assert.equal(matching('og/guides/setup.png'), ['social-card']);
  assert.equal(matching('favicon.ico'), ['favicon']);
  assert.equal(matching('sitemap-12.xml'), ['sitemap-part']);
  assert.equal(matching('sitemap-0.xml'), []);
  assert.equal(matching('guides/rss.xml'), ['changelog-feed']);
  assert.equal(matching('llms-full.txt'), ['llms-full']);
  assert.equal(matching('guides/setup'), []);
  assert.equal(matching('api/openapi.yaml'), ['spec-download']);
  assert.equal(matching('_docsgen/navigation-1.json'), []);
  assert.equal(matching('skill.md'), ['skill-md']);
  assert.equal(matching('.well-known/skills/index.json').slice(0, 1), ['skills-index'], 'before spec-download, which takes any .json');
  assert.equal(matching('.well-known/agent-skills/index.json').slice(0, 1), ['skills-index']);
  assert.equal(matching('.well-known/skills/acme-payments/SKILL.md'), ['skill-file']);
  assert.equal(matching('.well-known/agent-skills/acme/SKILL.md'), ['skill-file']);
  for (const hostile of ['.well-known/skills/../SKILL.md', '.well-known/skills/Acme/SKILL.md', '.well-known/skills/a--b/SKILL.md', '.well-known/skills/a/b/SKILL.md', '.well-known/skills/a/skill.md', '.well-known/skills//SKILL.md']) {
    assert.equal(matching(hostile), [], hostile);
  }
  assert.equal(matching('.well-known/mcp'), ['mcp-card']);
  assert.equal(matching('_docsgen/mcp.json'), ['mcp']);
  assert.equal(outputTable.filter((kind) => kind.route !== undefined).map((kind) => [kind.name, kind.route]), [['mcp', '/mcp']]);
  assert.equal(matching('_docsgen/tailwind.css'), ['tailwind-css']);
  assert.equal(matching('tailwind.css'), []);
});

table.run();
