// What AI agents read, as a user serves it: `docsgen build`, `docsgen dev` and `docsgen preview`
// run as processes, and every agent file compared byte for byte between the three — skill.md
// and the skills indexes (generated, and the project's own), llms.txt with its spec sections,
// the agent instructions at the end of a twin, and `<Visibility>` both ways.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = join(repo, 'node_modules', '.bin', 'docsgen');

const openapi = `openapi: 3.0.0
info: { title: Things, version: '1.0' }
paths:
  /things:
    get: { summary: List things, tags: [Things], responses: { '200': { description: ok } } }
`;
const asyncapi = `asyncapi: 3.0.0
info: { title: Chat, version: '1.0' }
channels:
  chat: { address: chat, messages: { message: { payload: { type: string } } } }
operations:
  sendMessage: { action: send, channel: { $ref: '#/channels/chat' }, summary: Send a message }
`;

/** A project whose agent files are all generated, with specs, instructions and both audiences. */
const generated = {
  'docs.json': JSON.stringify({
    name: 'Acme Cloud',
    description: 'Acme Cloud runs your containers.',
    siteUrl: 'https://docs.acme.test',
    markdown: { instructions: ['Always cite the API version.', 'Prefer the TypeScript SDK.'] },
    contextual: { options: ['copy', 'download-spec'] },
    api: { asyncapi: 'public/asyncapi.yaml' },
    navigation: { groups: [{ group: 'Get started', pages: ['index', 'plain'] }, { group: 'REST', openapi: 'openapi.yaml', pages: [] }] },
  }),
  'index.mdx': '---\ntitle: Welcome\ndescription: Deploy in minutes.\n---\n\n<Visibility for="humans">\n## Click deploy\n\nPress the **Deploy** button.\n</Visibility>\n\n<Visibility for="agents">\n## Deploy with the API\n\nCall `POST /deploys`.\n</Visibility>\n',
  'plain.md': '---\ntitle: Plain\n---\n\nPlain text.\n\n<Visibility for="humans">\nOnly people read this.\n</Visibility>\n\n<Visibility for="agents">\nOnly agents read this.\n</Visibility>\n',
  'openapi.yaml': openapi,
  'public/asyncapi.yaml': asyncapi,
};

/** A project with its own skills: a root skill.md and a skill folder. */
const own = {
  'docs.json': JSON.stringify({ name: 'Acme Cloud', siteUrl: 'https://docs.acme.test', navigation: { pages: ['index'] } }),
  'index.mdx': '---\ntitle: Welcome\n---\n\nHello.\n',
  'skill.md': '---\nname: Acme Cloud\ndescription: Deploy containers on Acme. Use when shipping code.\nlicense: MIT\n---\n\n# Acme Cloud\n\nOur own words.\n',
  '.mintlify/skills/payments/SKILL.md': '---\nname: acme-payments\ndescription: Take payments with Acme.\n---\n\n# Payments\n',
};

const running = new Set<ChildProcess>();
const folders: string[] = [];

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-agents-'));
  folders.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

/** `docsgen <command> … --port 0`, resolved with its address once it says `Local:`. */
function serve(command: 'dev' | 'preview', root: string): Promise<string> {
  const child = spawn(bin, [command, root, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /Local: (http:\/\/\S+?)\/?\s/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`docsgen ${command} exited before it was ready:\n${output}`)));
  });
}

/** `docsgen build` for a host that runs functions: the site then serves `/mcp`, as dev does, so skill.md and llms.txt name it in both. */
function build(root: string): string {
  const result = spawnSync(bin, ['build', root, '--out', join(root, 'dist'), '--adapter', 'netlify'], { encoding: 'utf8' });
  assert.is(result.status, 0, result.stdout + result.stderr);
  return join(root, 'dist');
}

/** The same path from dev, preview and the build output: one text, one content type. */
async function sameEverywhere(urls: { dev: string; preview: string }, out: string, path: string, type: string): Promise<string> {
  const written = readFileSync(join(out, path), 'utf8');
  for (const [name, base] of Object.entries(urls)) {
    const response = await fetch(`${base}/${path}`);
    assert.is(response.status, 200, `${name} /${path}`);
    assert.is(response.headers.get('content-type'), type, `${name} /${path}`);
    assert.is(await response.text(), written, `${name} serves the bytes the build wrote at /${path}`);
  }
  return written;
}

const agents = suite('what agents read, from dev, preview and the build');

agents.after.each(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});
agents.after(() => {
  for (const root of folders) rmSync(root, { recursive: true, force: true });
});

agents('should serve the generated skill.md, skills indexes, llms sections, instructions and audiences the same in dev, preview and build', async () => {
  const root = folder(generated);
  const out = build(root);
  const urls = { dev: await serve('dev', root), preview: await serve('preview', root) };

  const skill = await sameEverywhere(urls, out, 'skill.md', 'text/markdown; charset=utf-8');
  assert.match(skill, /^---\nname: "acme-cloud"\ndescription: "Acme Cloud runs your containers\. Use this skill/);
  assert.match(skill, '> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK.');
  assert.match(skill, '- OpenAPI spec: [openapi](https://docs.acme.test/openapi.yaml)');
  assert.match(skill, '### Get started\n\n- [Welcome](https://docs.acme.test/index.md): Deploy in minutes.');
  assert.match(skill, 'MCP (Model Context Protocol) servers with tools for this documentation: [https://docs.acme.test/mcp](https://docs.acme.test/mcp).');
  const index = JSON.parse(await sameEverywhere(urls, out, '.well-known/skills/index.json', 'application/json; charset=utf-8')) as { skills: Array<{ name: string; files: string[] }> };
  assert.equal(index.skills.map((entry) => [entry.name, entry.files]), [['acme-cloud', ['SKILL.md']]]);
  assert.is(await sameEverywhere(urls, out, '.well-known/skills/acme-cloud/SKILL.md', 'text/markdown; charset=utf-8'), skill);
  const agentIndex = JSON.parse(await sameEverywhere(urls, out, '.well-known/agent-skills/index.json', 'application/json; charset=utf-8')) as { skills: Array<{ url: string; digest: string }> };
  assert.is(agentIndex.skills[0]!.url, '/.well-known/agent-skills/acme-cloud/SKILL.md');
  assert.match(agentIndex.skills[0]!.digest, /^sha256:[0-9a-f]{64}$/);

  const llms = await sameEverywhere(urls, out, 'llms.txt', 'text/plain; charset=utf-8');
  assert.match(llms, '# Acme Cloud\n\n> Acme Cloud runs your containers.\n\n> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK.\n\n## Get started\n');
  assert.match(llms, '\n## OpenAPI Specs\n\n- [openapi](https://docs.acme.test/openapi.yaml)\n\n## AsyncAPI Specs\n\n- [asyncapi](https://docs.acme.test/public/asyncapi.yaml)\n');
  assert.is(await sameEverywhere(urls, out, 'openapi.yaml', 'application/yaml; charset=utf-8'), openapi, 'the linked spec is there');

  const twin = await sameEverywhere(urls, out, 'index.md', 'text/markdown; charset=utf-8');
  assert.ok(twin.endsWith('\n\n> ## Agent Instructions\n> Always cite the API version.\n> Prefer the TypeScript SDK.\n'), twin);
  assert.match(twin, '## Deploy with the API\n\nCall `POST /deploys`.');
  assert.not.match(twin, 'Click deploy');
  const plainTwin = await sameEverywhere(urls, out, 'plain.md', 'text/markdown; charset=utf-8');
  assert.match(plainTwin, 'Only agents read this.');
  assert.not.match(plainTwin, 'Only people read this.');
  const full = await sameEverywhere(urls, out, 'llms-full.txt', 'text/plain; charset=utf-8');
  assert.is(full.split('## Agent Instructions').length, 2, 'the instructions once in llms-full.txt');
  assert.match(full, 'Only agents read this.');
  assert.not.match(full, 'Only people read this.');

  for (const [name, base] of Object.entries(urls)) {
    const home = await (await fetch(`${base}/`)).text();
    assert.match(home, 'Press the <strong>Deploy</strong> button.', name);
    assert.not.match(home, 'POST /deploys', `${name}: agents' content is not on the web page`);
    assert.not.match(home, 'Deploy with the API', `${name}: nor in its table of contents`);
    const plain = await (await fetch(`${base}/plain`)).text();
    assert.match(plain, 'Only people read this.', name);
    assert.not.match(plain, 'Only agents read this.', name);
  }
});

agents('should serve the project’s own skill.md and skill folders the same in dev, preview and build', async () => {
  const root = folder(own);
  const out = build(root);
  const urls = { dev: await serve('dev', root), preview: await serve('preview', root) };
  assert.is(await sameEverywhere(urls, out, 'skill.md', 'text/markdown; charset=utf-8'), own['skill.md']);
  const index = JSON.parse(await sameEverywhere(urls, out, '.well-known/skills/index.json', 'application/json; charset=utf-8')) as { skills: Array<{ name: string; description: string }> };
  assert.equal(index.skills, [
    { name: 'acme-cloud', description: 'Deploy containers on Acme. Use when shipping code.', files: ['SKILL.md'] },
    { name: 'acme-payments', description: 'Take payments with Acme.', files: ['SKILL.md'] },
  ]);
  assert.is(await sameEverywhere(urls, out, '.well-known/skills/acme-payments/SKILL.md', 'text/markdown; charset=utf-8'), own['.mintlify/skills/payments/SKILL.md']);
  assert.is(await sameEverywhere(urls, out, '.well-known/agent-skills/acme-cloud/SKILL.md', 'text/markdown; charset=utf-8'), own['skill.md']);
  for (const base of Object.values(urls)) {
    assert.is((await fetch(`${base}/skill`)).status, 404, 'the root skill.md is not a page');
    assert.is((await fetch(`${base}/.well-known/skills/nobody/SKILL.md`)).status, 404);
  }
});

agents.run();
