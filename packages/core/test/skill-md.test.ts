import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { agentSkillsIndexJson, checkProject, createSite, findOutputKind, generateSkill, loadSiteSkills, skillsIndexJson } from '../src/index.js';
import { listSiteMcpResources } from '../src/mcp-source.js';
import { skillSlug } from '../src/skill-files.js';
import { writeTempProject } from './temp-project.js';

const skills = suite('skill.md and the skills discovery files');

const openapi = `openapi: 3.0.0
info: { title: Things, version: '1.0' }
paths:
  /things:
    get: { summary: List things, tags: [Things], responses: { '200': { description: ok } } }
    post: { summary: Create a thing, tags: [Things], responses: { '200': { description: ok } } }
  /users:
    get: { summary: List users, tags: [Users], responses: { '200': { description: ok } } }
`;

const page = (title: string, description?: string) => `---\ntitle: ${title}\n${description ? `description: ${description}\n` : ''}---\n\nAbout ${title}.\n`;

function project(config: Record<string, unknown> = {}, files: Record<string, string> = {}): string {
  const guides = Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`guides/g${index + 1}.mdx`, page(`Guide ${index + 1}`, index === 0 ? `A long description ${'word '.repeat(60)}end.` : undefined)]));
  return writeTempProject({
    'docs.json': JSON.stringify({
      name: 'Acme Cloud',
      description: 'Acme Cloud runs your containers.',
      markdown: { instructions: 'Always cite the API version.' },
      api: { mdx: { server: 'https://mcp.acme.test/mcp' } },
      navigation: {
        tabs: [
          { tab: 'Docs', groups: [{ group: 'Get started', pages: ['index', 'quickstart'] }, { group: 'Guides', pages: [{ group: 'Nested', pages: Object.keys(guides).map((file) => file.replace('.mdx', '')) }] }] },
          { tab: 'API', groups: [{ group: 'REST', openapi: 'openapi.yaml', pages: [] }] },
        ],
      },
      ...config,
    }),
    'index.mdx': page('Welcome', 'Deploy in minutes.'),
    'quickstart.mdx': page('Quickstart', 'Your first deploy.'),
    'hidden.mdx': page('Hidden'),
    'openapi.yaml': openapi,
    ...guides,
    ...files,
  });
}

skills('should make a URL-safe name of at most 64 characters', () => {
  assert.is(skillSlug('Acme Cloud'), 'acme-cloud');
  assert.is(skillSlug('  Ünïcode — Docs!! '), 'unicode-docs');
  assert.is(skillSlug('--a--b--'), 'a-b');
  assert.is(skillSlug('x'.repeat(70)).length, 64);
  assert.is(skillSlug('***'), '');
});

skills('should generate skill.md from docs.json and the navigation: product, instructions, where to look, key pages, API groups', async () => {
  const root = project();
  try {
    const site = await createSite(root);
    const skill = generateSkill(site, { siteUrl: 'https://docs.acme.test/' });
    assert.is(skill.name, 'acme-cloud');
    assert.is(skill.description, 'Acme Cloud runs your containers. Use this skill for any task about Acme Cloud: it says where its documentation and API reference answer questions, and how to read them as Markdown.');
    const text = skill.content;
    assert.ok(text.startsWith(`---\nname: "acme-cloud"\ndescription: ${JSON.stringify(skill.description)}\nmetadata:\n  url: "https://docs.acme.test"\n---\n\n# Acme Cloud\n\nAcme Cloud runs your containers.\n\nDeploy in minutes.\n\n> ## Agent Instructions\n> Always cite the API version.\n`), text);
    assert.match(text, '- [llms.txt](https://docs.acme.test/llms.txt)');
    assert.match(text, 'MCP (Model Context Protocol) servers with tools for this documentation: [https://mcp.acme.test/mcp](https://mcp.acme.test/mcp).');
    assert.match(generateSkill(site, { siteUrl: 'https://docs.acme.test', hasMcp: true }).content, 'documentation: [https://docs.acme.test/mcp](https://docs.acme.test/mcp), [https://mcp.acme.test/mcp](https://mcp.acme.test/mcp).', 'the site’s own server first');
    assert.match(text, '### Get started\n\n- [Welcome](https://docs.acme.test/index.md): Deploy in minutes.\n- [Quickstart](https://docs.acme.test/quickstart.md): Your first deploy.\n');
    // The top group names the section; five pages of it, the rest counted; long descriptions cut.
    assert.match(text, '### Guides\n\n- [Guide 1](https://docs.acme.test/guides/g1.md): A long description word');
    assert.match(text, '…\n- [Guide 2](https://docs.acme.test/guides/g2.md)\n');
    assert.match(text, '- [Guide 5](https://docs.acme.test/guides/g5.md)\n- 3 more in llms.txt\n');
    assert.not.match(text, 'Guide 6');
    assert.match(text, '## API reference\n\n### Things (2 operations)\n\n- `GET /things`: [List things](https://docs.acme.test/');
    assert.match(text, '- `POST /things`: [Create a thing]');
    assert.match(text, '### Users (1 operation)\n\n- `GET /users`: [List users]');
    assert.not.match(text, 'Hidden', 'pages the navigation does not list are not key pages');
    assert.not.match(text, 'About Welcome', 'page bodies are not read');
    assert.is(skill.digest, `sha256:${createHash('sha256').update(text).digest('hex')}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills('should take the home page’s description without one in docs.json, and write root-relative links without a site URL', async () => {
  const root = project({ description: undefined, markdown: undefined, api: undefined, name: '!!!' });
  try {
    const skill = generateSkill(await createSite(root));
    assert.is(skill.name, 'docs');
    assert.match(skill.content, '---\nname: "docs"\ndescription: "Deploy in minutes. Use this skill for any task about !!!: it says where its documentation and API reference answer questions');
    assert.not.match(skill.content, 'metadata:');
    assert.not.match(skill.content, 'Agent Instructions');
    assert.not.match(skill.content, 'MCP');
    assert.match(skill.content, '[llms.txt](/llms.txt)');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills('should not promise an API reference a site does not have', async () => {
  const root = writeTempProject({ 'docs.json': JSON.stringify({ name: 'Plain', navigation: { pages: ['index'] } }), 'index.mdx': page('Home') });
  try {
    const skill = generateSkill(await createSite(root));
    assert.is(skill.description, 'The documentation of Plain. Use this skill for any task about Plain: it says where its documentation answers questions, and how to read them as Markdown.');
    assert.not.match(skill.content, '## API reference');
    assert.match(skill.content, '## Key pages\n\n### Pages\n\n- [Home](/index.md)\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills('should offer each listed skill to MCP clients as a resource', async () => {
  const root = project({}, { '.mintlify/skills/payments/SKILL.md': skillFile('acme-payments', 'Take payments with Acme.') });
  try {
    const resources = await listSiteMcpResources(await createSite(root));
    assert.equal(resources.map(({ read: _read, ...resource }) => resource), [
      { uri: 'docs://skill/acme-payments', name: 'skill-acme-payments', title: 'Skill: acme-payments', description: 'Take payments with Acme.', mimeType: 'text/markdown' },
    ]);
    assert.is(await resources[0]!.read(), skillFile('acme-payments', 'Take payments with Acme.'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills('should list the generated skill alone in both indexes when the project has none of its own', async () => {
  const root = project();
  try {
    const site = await createSite(root);
    const loaded = await loadSiteSkills(site, { siteUrl: 'https://docs.acme.test' });
    assert.equal(loaded.messages, []);
    assert.is(loaded.skills.length, 1);
    assert.is(loaded.skillMd, loaded.skills[0]!.content);
    assert.equal(JSON.parse(skillsIndexJson(loaded.skills)), { skills: [{ name: 'acme-cloud', description: loaded.skills[0]!.description, files: ['SKILL.md'] }] });
    assert.equal(JSON.parse(agentSkillsIndexJson(loaded.skills)), {
      $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
      skills: [{ name: 'acme-cloud', type: 'skill-md', description: loaded.skills[0]!.description, url: '/.well-known/agent-skills/acme-cloud/SKILL.md', digest: loaded.skills[0]!.digest }],
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

const skillFile = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\nSteps.\n`;

skills('should serve the project’s root skill.md as it is and list it with the skill folders, each name once', async () => {
  const root = project({}, {
    'skill.md': skillFile('Acme Cloud', 'Deploy containers on Acme.'),
    '.mintlify/skills/payments/SKILL.md': skillFile('acme-payments', 'Take payments with Acme.'),
    '.mintlify/skills/again/SKILL.md': skillFile('acme cloud', 'The same name again.'),
    '.mintlify/skills/admins/SKILL.md': skillFile('admin-tools', 'For administrators.', 'groups: ["admin"]\n'),
    '.mintlify/skills/broken/SKILL.md': 'No frontmatter here.\n',
    '.mintlify/skills/no-description/SKILL.md': '---\nname: lonely\n---\n',
  });
  try {
    const site = await createSite(root);
    assert.not.ok(site.pages.has('skill'), 'the root skill.md is not a page (its twin would be /skill.md)');
    const loaded = await loadSiteSkills(site);
    assert.is(loaded.skillMd, skillFile('Acme Cloud', 'Deploy containers on Acme.'));
    assert.equal(loaded.skills.map((skill) => [skill.name, skill.description]), [['acme-cloud', 'Deploy containers on Acme.'], ['acme-payments', 'Take payments with Acme.']]);
    assert.equal(loaded.messages.map((message) => [message.ruleId, message.file?.slice(root.length + 1), message.line]), [
      ['skill-name-duplicate', '.mintlify/skills/again/SKILL.md', 2],
      ['skill-frontmatter-invalid', '.mintlify/skills/broken/SKILL.md', 1],
      ['skill-frontmatter-invalid', '.mintlify/skills/no-description/SKILL.md', 1],
    ]);
    assert.match(loaded.messages[2]!.reason, 'its frontmatter has no `description`');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills('should have `docsgen check` report the skill files\' problems, as build and dev do', async () => {
  const root = project({}, {
    'skill.md': skillFile('Acme Cloud', 'Deploy containers on Acme.'),
    '.mintlify/skills/again/SKILL.md': skillFile('acme cloud', 'The same name again.'),
    '.mintlify/skills/broken/SKILL.md': 'No frontmatter here.\n',
  });
  try {
    for (const compile of [false, true]) {
      const { messages } = await checkProject(root, { compile });
      assert.equal(messages.filter((message) => message.ruleId.startsWith('skill-')).map((message) => [message.ruleId, message.file?.slice(root.length + 1), message.line, message.fatal]), [
        ['skill-name-duplicate', '.mintlify/skills/again/SKILL.md', 2, false],
        ['skill-frontmatter-invalid', '.mintlify/skills/broken/SKILL.md', 1, false],
      ], `compile: ${compile}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills('should make skill.md the generated one naming the skills when there are skill folders but no root file', async () => {
  const root = project({}, { '.mintlify/skills/payments/SKILL.md': skillFile('acme-payments', 'Take payments with Acme.') });
  try {
    const loaded = await loadSiteSkills(await createSite(root), { siteUrl: 'https://docs.acme.test' });
    assert.equal(loaded.skills.map((skill) => skill.name), ['acme-payments']);
    assert.match(loaded.skillMd, '---\nname: "acme-cloud"');
    assert.match(loaded.skillMd, '## Skills\n\n- [acme-payments](https://docs.acme.test/.well-known/skills/acme-payments/SKILL.md): Take payments with Acme.\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills('should follow a skills folder link inside the project, also one git wrote as a file, and refuse one leading out', async () => {
  const linked = project({}, { 'skills/payments/SKILL.md': skillFile('acme-payments', 'Take payments with Acme.') });
  try {
    mkdirSync(join(linked, '.mintlify'));
    // Where links are not made (`core.symlinks=false`), git writes the target into a file.
    writeFileSync(join(linked, '.mintlify/skills'), '../skills');
    assert.equal((await loadSiteSkills(await createSite(linked))).skills.map((skill) => skill.name), ['acme-payments']);
    rmSync(join(linked, '.mintlify/skills'));
    symlinkSync('../skills', join(linked, '.mintlify/skills'));
    assert.equal((await loadSiteSkills(await createSite(linked))).skills.map((skill) => skill.name), ['acme-payments']);
  } finally {
    rmSync(linked, { recursive: true, force: true });
  }
  const outside = mkdtempSync(join(tmpdir(), 'docsgen-skills-outside-'));
  const root = project();
  try {
    mkdirSync(join(outside, 'secret'), { recursive: true });
    writeFileSync(join(outside, 'secret/SKILL.md'), skillFile('secret', 'Not for publishing.'));
    writeFileSync(join(outside, 'skill.md'), skillFile('secret-root', 'Not for publishing.'));
    mkdirSync(join(root, '.mintlify'));
    symlinkSync(outside, join(root, '.mintlify/skills'));
    symlinkSync(join(outside, 'skill.md'), join(root, 'skill.md'));
    const loaded = await loadSiteSkills(await createSite(root));
    assert.equal(loaded.skills.map((skill) => skill.name), ['acme-cloud'], 'the generated skill');
    assert.not.match(loaded.skillMd, 'secret');
    assert.equal(loaded.messages.map((message) => message.ruleId), ['build-link-outside', 'build-link-outside']);
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});

skills('should work out the skills once for all the skill outputs of one context, and again for a new context', async () => {
  const root = project();
  try {
    const site = await createSite(root);
    // Generating the skill lists the indexable pages, which reads the navigation.
    const navigation = site.navigation;
    let reads = 0;
    Object.defineProperty(site, 'navigation', { configurable: true, get: () => (reads++, navigation) });
    const context = { siteUrl: 'https://docs.acme.test' };
    const skillMd = findOutputKind('skill.md')!;
    const first = await skillMd.produce(site, 'skill.md', context);
    const once = reads;
    assert.ok(once > 0, 'skill.md is generated from the navigation');
    const index = findOutputKind('.well-known/skills/index.json')!;
    const indexJson = await index.produce(site, '.well-known/skills/index.json', context);
    await index.produce(site, '.well-known/agent-skills/index.json', context);
    const files = findOutputKind('.well-known/skills/acme-cloud/SKILL.md')!;
    const paths = await files.list(site, context);
    assert.equal(paths, ['.well-known/skills/acme-cloud/SKILL.md', '.well-known/agent-skills/acme-cloud/SKILL.md']);
    const file = await files.produce(site, paths[0]!, context);
    assert.is(reads, once, 'the other skill outputs of the same context generate nothing again');
    assert.equal(file.body, first.body);
    assert.ok(String((indexJson.body as { content: string }).content).includes('"acme-cloud"'));
    // A new context (a dev server's next request, after an edit) works the skills out again.
    const again = await skillMd.produce(site, 'skill.md', { siteUrl: 'https://docs.acme.test' });
    assert.ok(reads > once);
    assert.equal(again.body, first.body);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

skills.run();
