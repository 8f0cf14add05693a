import { rmSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPageRenderer } from '../src/page-renderer.js';
import { createDerivedOutputs } from '../src/site-derived.js';
import { loadSiteModel } from '../src/site-model.js';
import { writeTempProject } from './temp-project.js';

const derived = suite('site derived outputs');

async function outputsOf(files: Record<string, string>, mode: 'dev' | 'build' = 'dev') {
  const root = writeTempProject(files, 'docsgen-derived-');
  const model = await loadSiteModel(root, { mode });
  return { root, model, outputs: createDerivedOutputs(model, createPageRenderer(model)) };
}

const project = {
  'docs.json': JSON.stringify({ name: 'Derived', navigation: { pages: ['index', 'news', 'broken'] } }),
  'index.mdx': '---\ntitle: Home\ndescription: The start.\n---\n\nWelcome **here**.\n',
  'news.mdx': '---\ntitle: News\n---\n\n<Update label="v1">Shipped.</Update>\n',
  'broken.mdx': '# Broken\n\n{1 +}\n',
};

derived('should make the page document in the layout, or a page of messages for a page that fails', async () => {
  const { root, outputs } = await outputsOf(project);
  const home = await outputs.document('index', { bodyEnd: '<script>end()</script>' });
  assert.match(home!.html, 'Welcome <strong>here</strong>');
  assert.match(home!.html, '<script>end()</script>');
  const broken = await outputs.document('broken');
  assert.match(broken!.html, 'broken.mdx:3:');
  assert.ok(broken!.messages.some((message) => message.fatal));
  assert.is(await outputs.document('missing'), undefined);
  rmSync(root, { recursive: true, force: true });
});

derived('should write the Markdown twin with the title and description above, and keep it', async () => {
  const { root, outputs } = await outputsOf(project);
  const twin = await outputs.markdown('index');
  assert.is(twin?.markdown, '# Home\n\nThe start.\n\nWelcome **here**.\n');
  assert.is(await outputs.markdown('index'), twin, 'kept while unchanged');
  outputs.forget(['index']);
  assert.is.not(await outputs.markdown('index'), twin);
  rmSync(root, { recursive: true, force: true });
});

derived('should give a changelog feed only with a site URL, and the built-in 404 page without 404.mdx', async () => {
  const { root, outputs } = await outputsOf(project);
  assert.equal(await outputs.feed('news'), { path: 'news/rss.xml', xml: undefined });
  const feed = await outputs.feed('news', { origin: 'http://localhost:3000' });
  assert.match(feed!.xml!, '<link>http://localhost:3000/news</link>');
  assert.is(await outputs.feed('index'), undefined, 'a page without entries has no feed');
  const notFound = await outputs.notFound();
  assert.match(notFound.html, 'There is no page at this address.');
  assert.equal(notFound.messages, []);
  rmSync(root, { recursive: true, force: true });
});

derived('should plan and draw a social card once per input, and none for a draft in a build', async () => {
  const { root, outputs } = await outputsOf({ ...project, 'draft.mdx': '---\ntitle: Draft\ndraft: true\n---\n\nSoon.\n' }, 'build');
  const plan = await outputs.cardPlan('index', { origin: 'https://docs.example.com' });
  assert.ok(plan?.hash);
  assert.is(await outputs.cardPlan('draft', { origin: 'https://docs.example.com' }), undefined);
  const card = await outputs.card('index', { origin: 'https://docs.example.com' });
  assert.is(card?.hash, plan!.hash);
  assert.ok(card!.png.subarray(1, 4).equals(Buffer.from('PNG')));
  assert.is((await outputs.card('index', { origin: 'https://docs.example.com' }))?.png, card!.png, 'drawn once while its inputs are the same');
  rmSync(root, { recursive: true, force: true });
});

derived.run();
