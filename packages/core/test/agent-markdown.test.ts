import { rmSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { agentInstructionsBlock, agentSpecLinks, createSite, llmsFullTxt, llmsTxt } from '../src/index.js';
import type { PageInfo } from '../src/pages.js';
import { writeTempProject } from './temp-project.js';

const agents = suite('Markdown for agents: instructions, spec links, Visibility');

const openapi = `openapi: 3.0.0
info: { title: Things, version: '1.0' }
paths:
  /things:
    get:
      summary: List things
      tags: [Things]
      responses: { '200': { description: ok } }
`;
const privateSpec = openapi.replace('/things', '/secrets').replace('List things', 'List secrets').replace('[Things]', '[Secrets]');
const asyncapi = `asyncapi: 3.0.0
info: { title: Chat, version: '1.0' }
channels:
  chat:
    address: chat
    messages:
      message: { payload: { type: string } }
operations:
  sendMessage:
    action: send
    channel: { $ref: '#/channels/chat' }
    summary: Send a message
`;

function project(config: Record<string, unknown> = {}): string {
  return writeTempProject({
    'docs.json': JSON.stringify({
      name: 'Acme',
      description: 'Everything about Acme.',
      navigation: {
        groups: [
          { group: 'Start', pages: ['index', 'plain', 'toc'] },
          { group: 'API', openapi: 'openapi.yaml', pages: [] },
          { group: 'Internal', openapi: 'internal/openapi.yaml', pages: [] },
        ],
      },
      api: { asyncapi: 'public/asyncapi.yaml' },
      ...config,
    }),
    'index.mdx': '---\ntitle: Home\ndescription: Start here.\n---\n\nWelcome.\n',
    'plain.md': '---\ntitle: Plain\n---\n\nPlain text.\n\n<Visibility for="humans">\nOnly people read this.\n</Visibility>\n\n<Visibility for="agents">\n\n## For agents\n\nOnly agents read this.\n\n</Visibility>\n',
    'toc.mdx': '---\ntitle: Contents\n---\n\n## Shared\n\n<Visibility for="agents">\n## Agent steps\n\nCall the API.\n</Visibility>\n\n<Visibility for="humans">\n## Human steps\n\nClick the button.\n</Visibility>\n',
    'openapi.yaml': openapi,
    'internal/openapi.yaml': privateSpec,
    'public/asyncapi.yaml': asyncapi,
  });
}

agents('should write `markdown.instructions` as the platform’s block: one line each, blank entries left out', () => {
  assert.is(agentInstructionsBlock({ markdown: { instructions: 'Always cite the API version.' } }), '> ## Agent Instructions\n> Always cite the API version.');
  assert.is(
    agentInstructionsBlock({ markdown: { instructions: ['Always cite the API version.', '  ', 'Prefer the SDK.\n\nSay which.'] } }),
    '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the SDK.\n>\n> Say which.',
  );
  assert.is(agentInstructionsBlock({ markdown: { instructions: ['', ' '] } }), undefined);
  assert.is(agentInstructionsBlock({ markdown: {} }), undefined);
  assert.is(agentInstructionsBlock(undefined), undefined);
});

agents('should end every twin with the instructions (pages, Markdown pages, API pages) and put them once in the llms files', async () => {
  const root = project({ markdown: { instructions: ['Always cite the API version.', 'Prefer the SDK.'] } });
  try {
    const site = await createSite(root);
    const block = '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the SDK.\n';
    const apiSlug = [...site.pages.values()].find((page) => page.api?.kind === 'openapi')!.slug;
    for (const slug of ['index', 'plain', apiSlug]) {
      const twin = (await site.markdown(slug))!.markdown;
      assert.ok(twin.endsWith(`\n\n${block}`), `${slug} ends with the block:\n${twin}`);
    }
    const llms = llmsTxt(site);
    assert.match(llms, `# Acme\n\n> Everything about Acme.\n\n${block}\n## Start`);
    const full = await llmsFullTxt(site);
    assert.is(full.split('## Agent Instructions').length, 2, 'once in llms-full.txt');
    assert.match(full, `> Everything about Acme.\n\n${block}\nSource: /`);
    assert.match(full, 'Welcome.\n\nSource: /plain');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

agents('should list the published specs of the listed API pages under the platform’s headings, and no other', async () => {
  // `download-spec` publishes the specs of the pages that offer it; `public/` is published as it is.
  const root = project({ contextual: { options: ['copy', 'download-spec'] } });
  try {
    const site = await createSite(root);
    const llms = llmsTxt(site, { siteUrl: 'https://docs.acme.test' });
    assert.match(llms, '\n## OpenAPI Specs\n\n- [openapi](https://docs.acme.test/openapi.yaml)\n- [openapi](https://docs.acme.test/internal/openapi.yaml)\n\n## AsyncAPI Specs\n\n- [asyncapi](https://docs.acme.test/public/asyncapi.yaml)\n');
    assert.ok(llms.indexOf('## OpenAPI Specs') > llms.indexOf('- [List things]'), 'after the pages');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const unpublished = project();
  try {
    const llms = llmsTxt(await createSite(unpublished));
    assert.not.match(llms, '## OpenAPI Specs', 'a spec no page offers for download is not published, so not linked');
    assert.match(llms, '## AsyncAPI Specs\n\n- [asyncapi](/public/asyncapi.yaml)\n');
  } finally {
    rmSync(unpublished, { recursive: true, force: true });
  }
});

agents('should list the navigation’s absolute links under `## Optional`, each once, after the specs', async () => {
  const root = project({
    navigation: {
      global: { anchors: [{ anchor: 'Community', href: 'https://community.acme.test' }, { anchor: 'Hidden', href: 'https://hidden.acme.test', hidden: true }] },
      tabs: [
        { tab: 'Docs', groups: [{ group: 'Start', pages: ['index'] }] },
        { tab: 'Blog', href: 'https://blog.acme.test/' },
        { tab: 'Local', href: '/index' },
      ],
    },
  });
  try {
    const llms = llmsTxt(await createSite(root));
    assert.match(llms, '\n## AsyncAPI Specs\n\n- [asyncapi](/public/asyncapi.yaml)\n\n## Optional\n\n- [Blog](https://blog.acme.test/)\n- [Community](https://community.acme.test)\n');
    assert.not.match(llms, 'hidden.acme.test');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

agents('should link a remote spec where it is, each spec once, and never a path out of the project', () => {
  const apiPage = (slug: string, spec: string, kind: 'openapi' | 'asyncapi' = 'openapi') => [slug, { slug, api: { kind, model: { spec } } } as unknown as PageInfo] as const;
  const pages = new Map([
    apiPage('a', 'https://api.acme.test/v1/openapi.json?x=1'),
    apiPage('b', 'https://api.acme.test/v1/openapi.json?x=1'),
    apiPage('c', '../outside/openapi.yaml'),
    apiPage('d', '.hidden/openapi.yaml'),
    apiPage('e', 'wss://events.acme.test/asyncapi.yaml', 'asyncapi'),
  ]);
  const links = agentSpecLinks({ root: '/nowhere', config: undefined, pages, api: { bindings: new Map([['f', { spec: 'https://api.acme.test/v2.yaml' }]]) } }, ['a', 'b', 'c', 'd', 'e', 'f'], '');
  assert.equal(links, [
    { kind: 'openapi', label: 'openapi', url: 'https://api.acme.test/v1/openapi.json?x=1' },
    { kind: 'openapi', label: 'v2', url: 'https://api.acme.test/v2.yaml' },
  ]);
});

agents('should show `Visibility` content of a `.md` page to its audience only, and keep agents’ headings out of the contents', async () => {
  const root = project();
  try {
    const site = await createSite(root);
    const plain = await site.render('plain');
    const plainTwin = (await site.markdown('plain'))!.markdown;
    assert.match(plain!.html, 'Only people read this.');
    assert.not.match(plain!.html, 'Only agents read this.');
    assert.not.match(plain!.html, /<visibility/i);
    assert.match(plainTwin, '## For agents\n\nOnly agents read this.');
    assert.not.match(plainTwin, 'Only people read this.');
    assert.equal(plain!.toc.map((entry) => entry.text), []);

    const toc = await site.render('toc');
    assert.equal(toc!.toc.map((entry) => entry.text), ['Shared', 'Human steps']);
    assert.not.match(toc!.html, 'Agent steps');
    const twin = (await site.markdown('toc'))!.markdown;
    assert.match(twin, '## Agent steps');
    assert.not.match(twin, 'Human steps');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

agents.run();
