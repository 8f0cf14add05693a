import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject, createSite, defineConfig, loadUserConfig } from '../src/index.js';
import { writeTempProject } from './temp-project.js';

const userConfig = suite('user config');

const project = (files: Record<string, string>): string =>
  writeTempProject({ 'docs.json': JSON.stringify({ name: 'Test', navigation: { pages: ['index'] } }), 'index.mdx': '# Home\n', ...files }, 'docsgen-user-config-');

const summary = (messages: { ruleId: string; fatal: boolean; file?: string; line?: number; column?: number }[], root: string) =>
  messages.map((m) => `${m.file?.slice(root.length + 1)}${m.line ? `:${m.line}:${m.column}` : ''} ${m.fatal ? 'error' : 'warning'} ${m.ruleId}`);

// A remark plugin of the project's own: upper-cases every text that starts with `shout:`.
const remarkShout = `export default function remarkShout() {
  return (tree) => {
    const visit = (node) => {
      if (node.type === 'text' && node.value.startsWith('shout:')) node.value = node.value.slice(6).toUpperCase();
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
`;

userConfig('should return an empty config and no messages for a project without a config file', async () => {
  const root = project({});
  assert.equal(await loadUserConfig(root), { file: undefined, config: {}, messages: [], dependencies: [] });
  rmSync(root, { recursive: true });
});

userConfig('should be an identity function for defineConfig', () => {
  const config = { build: { outDir: 'out' } };
  assert.is(defineConfig(config), config);
});

userConfig('should run config plugins and components in pages, theme/ overrides above them, built-ins below', async () => {
  const root = project({
    'index.mdx': '# Home\n\nshout:hello\n\n<Badge />\n\n<Note>from the page</Note>\n\n<Tagged />\n',
    'plugins/remark-shout.ts': remarkShout,
    'docsgen.config.ts': `import { defineConfig } from 'docsgen';
import remarkShout from './plugins/remark-shout';

const rehypeMark = () => (tree) => {
  const first = tree.children.find((node) => node.type === 'element' && node.tagName === 'p');
  if (first) first.properties.dataFromConfig = 'yes';
};

export default defineConfig({
  remarkPlugins: [remarkShout],
  rehypePlugins: [[rehypeMark, {}]],
  components: {
    Badge: () => 'badge from config',
    Note: () => 'note from config',
    Tagged: () => 'tagged from config',
  },
});
`,
    'theme/Tagged.jsx': 'export default function Tagged() { return <span>tagged from theme</span>; }\n',
  });
  const site = await createSite(root);
  assert.equal(site.messages, []);
  assert.equal(site.configFiles, [join(root, 'docsgen.config.ts'), join(root, 'plugins/remark-shout.ts')]);
  const page = await site.render('index');
  assert.equal(page?.messages, [], 'a config component is a known component, not `component-unknown`');
  const html = page?.html ?? '';
  assert.match(html, '<p data-from-config="yes">HELLO</p>');
  assert.match(html, 'badge from config');
  assert.match(html, 'note from config', 'a config component replaces the built-in of its name');
  assert.not.match(html, 'from the page');
  assert.match(html, 'tagged from theme', 'a theme/ override replaces the config component of its name');
  rmSync(root, { recursive: true });
});

userConfig('should list the local files the config imports, and resolve npm packages from the project', async () => {
  const root = project({
    'docsgen.config.mts': "import remarkShout from './plugins/remark-shout.js';\nimport extra from 'remark-extra';\nexport default { remarkPlugins: [remarkShout, extra] };\n",
    'plugins/remark-shout.js': remarkShout,
    'node_modules/remark-extra/package.json': JSON.stringify({ name: 'remark-extra', type: 'module', exports: './index.js' }),
    'node_modules/remark-extra/index.js': 'export default function remarkExtra() {}\n',
  });
  const loaded = await loadUserConfig(root);
  assert.equal(loaded.messages, []);
  assert.is(loaded.file, join(root, 'docsgen.config.mts'));
  assert.equal(loaded.dependencies, [join(root, 'plugins/remark-shout.js')], 'npm packages are not bundled, so not listed');
  assert.is(loaded.config.remarkPlugins?.length, 2);
  assert.is((loaded.config.remarkPlugins?.[1] as () => void).name, 'remarkExtra');
  rmSync(root, { recursive: true });
});

userConfig('should evaluate the config again on every load and leave no temporary file behind', async () => {
  const root = project({ 'docsgen.config.js': "import { outDir } from './settings.js';\nexport default { build: { outDir } };\n", 'settings.js': "export const outDir = 'one';\n" });
  assert.is((await loadUserConfig(root)).config.build?.outDir, 'one');
  writeFileSync(join(root, 'settings.js'), "export const outDir = 'two';\n");
  assert.is((await loadUserConfig(root)).config.build?.outDir, 'two', 'an edited import takes effect');
  writeFileSync(join(root, 'docsgen.config.js'), "export default { build: { outDir: 'three' } };\n");
  assert.is((await loadUserConfig(root)).config.build?.outDir, 'three', 'an edited config takes effect');
  assert.not.ok(existsSync(join(root, '.docsgen')) && readdirSync(join(root, '.docsgen')).length > 0, 'no temporary file is left');
  rmSync(root, { recursive: true });
});

userConfig('should report a syntax error with its file, line and column', async () => {
  const root = project({ 'docsgen.config.ts': 'export default {\n  remarkPlugins: [,\n};\n', 'plugins/bad.ts': '' });
  const loaded = await loadUserConfig(root);
  assert.equal(summary(loaded.messages, root), ['docsgen.config.ts:3:1 error user-config-compile']);
  assert.match(loaded.messages[0]?.reason ?? '', /^Cannot compile `docsgen\.config\.ts`: /);
  assert.equal(loaded.config, {});
  rmSync(root, { recursive: true });
});

userConfig('should report a syntax error in an imported file at that file, and a missing local import', async () => {
  const root = project({ 'docsgen.config.ts': "import a from './plugins/a';\nimport b from './plugins/missing';\nexport default { remarkPlugins: [a, b] };\n", 'plugins/a.ts': 'export default function (\n' });
  const loaded = await loadUserConfig(root);
  assert.equal(summary(loaded.messages, root).sort(), ['docsgen.config.ts:2:15 error user-config-compile', 'plugins/a.ts:2:1 error user-config-compile']);
  assert.ok(loaded.messages.some((m) => m.reason === 'Cannot compile `plugins/a.ts`: Expected identifier but found end of file'));
  rmSync(root, { recursive: true });
});

userConfig('should report a config that throws, or imports a package the project lacks, naming the config file', async () => {
  const root = project({ 'docsgen.config.ts': "throw new Error('no plugins today');\n" });
  let loaded = await loadUserConfig(root);
  assert.equal(summary(loaded.messages, root), ['docsgen.config.ts error user-config-load']);
  assert.is(loaded.messages[0]?.reason, 'Cannot load `docsgen.config.ts`: no plugins today');
  writeFileSync(join(root, 'docsgen.config.ts'), "import gone from 'remark-gone';\nexport default { remarkPlugins: [gone] };\n");
  loaded = await loadUserConfig(root);
  assert.equal(summary(loaded.messages, root), ['docsgen.config.ts error user-config-load']);
  assert.match(loaded.messages[0]?.reason ?? '', "Cannot find package 'remark-gone' imported from docsgen.config.ts");
  rmSync(root, { recursive: true });
});

userConfig('should report a default export that is missing or not an object', async () => {
  const root = project({ 'docsgen.config.ts': 'export const remarkPlugins = [];\n' });
  let loaded = await loadUserConfig(root);
  assert.equal(summary(loaded.messages, root), ['docsgen.config.ts error user-config-invalid']);
  assert.is(loaded.messages[0]?.reason, 'Cannot use `docsgen.config.ts`: it has no default export, expected an object');
  writeFileSync(join(root, 'docsgen.config.ts'), 'export default () => ({});\n');
  loaded = await loadUserConfig(root);
  assert.is(loaded.messages[0]?.reason, 'Unexpected function as the default export of `docsgen.config.ts`, expected an object');
  rmSync(root, { recursive: true });
});

userConfig('should report wrong-typed fields and unknown keys, and keep the valid fields', async () => {
  const root = project({
    'docsgen.config.ts': `export default {
  remarkPlugins: ['remark-gfm'],
  rehypePlugins: {},
  components: { Good: () => 'ok', Bad: 'nope' },
  build: { outDir: 'public', adapter: 'netlfy', workers: -1, siteUrl: 'example.com', cache: true },
  remarkPlugin: [],
  search: 'off',
};
`,
  });
  const loaded = await loadUserConfig(root);
  assert.equal(
    loaded.messages.map((m) => `${m.fatal ? 'error' : 'warning'} ${m.ruleId} ${m.reason}${m.note ? ` ${m.note}` : ''}`),
    [
      'warning user-config-unknown-key Unexpected key `remarkPlugin` in `docsgen.config.ts` Did you mean `remarkPlugins`?',
      'error user-config-invalid Unexpected string `remark-gfm` for `remarkPlugins[0]` in `docsgen.config.ts`, expected a plugin function, `[plugin, options]` or a preset Pass the plugin itself (`remarkGfm`), not a call of it or its name.',
      'error user-config-invalid Unexpected object for `rehypePlugins` in `docsgen.config.ts`, expected an array of plugins',
      'error user-config-invalid Unexpected string `nope` for `components.Bad` in `docsgen.config.ts`, expected a component (a function)',
      'error user-config-invalid Unexpected string `off` for `search` in `docsgen.config.ts`, expected `true` or `false`',
      'warning user-config-unknown-key Unexpected key `build.cache` in `docsgen.config.ts` Known keys: `build.outDir`, `build.adapter`, `build.siteUrl`, `build.workers`.',
      'error user-config-invalid Unexpected string `netlfy` for `build.adapter` in `docsgen.config.ts`, expected `static`, `netlify`, `cloudflare`, `vercel`, `github-pages` Did you mean `netlify`?',
      'error user-config-invalid Unexpected string `example.com` for `build.siteUrl` in `docsgen.config.ts`, expected an absolute `http://` or `https://` URL',
      'error user-config-invalid Unexpected `-1` for `build.workers` in `docsgen.config.ts`, expected a whole number of 0 or more',
    ],
  );
  assert.equal(loaded.config, { build: { outDir: 'public' } });
  rmSync(root, { recursive: true });
});

userConfig('should warn about a second config file and use the first in the documented order', async () => {
  const root = project({ 'docsgen.config.js': "export default { build: { outDir: 'js' } };\n", 'docsgen.config.ts': "export default { build: { outDir: 'ts' } };\n" });
  const loaded = await loadUserConfig(root);
  assert.is(loaded.config.build?.outDir, 'ts');
  assert.equal(summary(loaded.messages, root), ['docsgen.config.js warning user-config-duplicate']);
  assert.is(loaded.messages[0]?.reason, 'Unexpected second config file `docsgen.config.js`, `docsgen.config.ts` is used');
  rmSync(root, { recursive: true });
});

userConfig('should put config messages into the site and into docsgen check, without crashing either', async () => {
  const root = project({ 'docsgen.config.ts': 'export default { components: [] };\n' });
  const site = await createSite(root);
  assert.equal(summary(site.messages, root), ['docsgen.config.ts error user-config-invalid']);
  assert.match((await site.render('index'))?.html ?? '', 'Home', 'pages still render');
  const checked = await checkProject(root, { compile: false });
  assert.equal(summary(checked.messages, root), ['docsgen.config.ts error user-config-invalid']);
  rmSync(root, { recursive: true });
});

userConfig.run();
