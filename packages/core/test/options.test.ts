import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveBuildOptions } from '../src/build-options.js';
import { resolveSiteOptions } from '../src/site-options.js';

const site = suite('resolveSiteOptions');

site('should fill every default from nothing', () => {
  assert.equal(resolveSiteOptions(), {
    mode: 'dev',
    siteUrl: undefined,
    remarkPlugins: [],
    rehypePlugins: [],
    compileCache: false,
    navigationCache: undefined,
    hasSearch: true,
    hasMcp: true,
    loadCache: undefined,
  });
});

site('should serve /mcp in dev, and in a build for a host that runs functions: the options\' adapter, then docsgen.config\'s', () => {
  assert.is(resolveSiteOptions({ mode: 'build' }).hasMcp, false);
  assert.is(resolveSiteOptions({ mode: 'build', adapter: 'netlify' }).hasMcp, true);
  assert.is(resolveSiteOptions({ mode: 'build' }, { userConfig: { build: { adapter: 'vercel' } } }).hasMcp, true);
  assert.is(resolveSiteOptions({ mode: 'build', adapter: 'static' }, { userConfig: { build: { adapter: 'vercel' } } }).hasMcp, false);
  assert.is(resolveSiteOptions({ mode: 'dev', adapter: 'static' }).hasMcp, true);
});

site("should turn search off only when docsgen.config says `search: false`", () => {
  assert.is(resolveSiteOptions({}, { userConfig: { search: false } }).hasSearch, false);
  assert.is(resolveSiteOptions({}, { userConfig: { search: true } }).hasSearch, true);
});

site('should take the site URL from the options, then docsgen.config, then docs.json', () => {
  const userConfig = { build: { siteUrl: 'https://config.example.com' } };
  const config = { siteUrl: 'https://docs-json.example.com' };
  assert.is(resolveSiteOptions({ siteUrl: 'https://cli.example.com' }, { userConfig, config }).siteUrl, 'https://cli.example.com');
  assert.is(resolveSiteOptions({ siteUrl: null }, { userConfig, config }).siteUrl, 'https://config.example.com');
  assert.is(resolveSiteOptions({}, { config }).siteUrl, 'https://docs-json.example.com');
});

site("should run the caller's plugins before docsgen.config's", () => {
  const mine = () => undefined;
  const configured = () => undefined;
  const resolved = resolveSiteOptions({ remarkPlugins: [mine], rehypePlugins: null }, { userConfig: { remarkPlugins: [configured], rehypePlugins: [configured] } });
  assert.equal(resolved.remarkPlugins, [mine, configured]);
  assert.equal(resolved.rehypePlugins, [configured]);
});

site('should refuse an unknown mode with a precise message', () => {
  assert.throws(() => resolveSiteOptions({ mode: 'prod' as never }), /Cannot create a site with `prod` for `options.mode`, expected `'dev'` or `'build'`/);
});

site.run();

const build = suite('resolveBuildOptions');
const root = resolve('/srv/docs');

build('should fill every default from nothing', () => {
  const resolved = resolveBuildOptions(root);
  assert.equal({ ...resolved, onProgress: typeof resolved.onProgress }, {
    outDir: resolve(root, 'dist'),
    adapter: 'static',
    siteUrl: undefined,
    workers: Math.min(8, availableParallelism()),
    isWorkersDefault: true,
    cache: true,
    onProgress: 'function',
  });
});

build("should let the command line win over docsgen.config's build field", () => {
  const configured = { outDir: 'public', adapter: 'netlify', siteUrl: 'https://config.example.com', workers: 3 } as const;
  const fromConfig = resolveBuildOptions(root, {}, configured);
  assert.equal([fromConfig.outDir, fromConfig.adapter, fromConfig.siteUrl, fromConfig.workers], [resolve(root, 'public'), 'netlify', 'https://config.example.com', 3]);
  const fromCli = resolveBuildOptions(root, { outDir: '/tmp/out', adapter: 'vercel', siteUrl: 'https://cli.example.com', workers: 0, cache: false }, configured);
  assert.equal([fromCli.outDir, fromCli.adapter, fromCli.siteUrl, fromCli.workers, fromCli.cache], [resolve('/tmp/out'), 'vercel', 'https://cli.example.com', 0, false]);
  assert.is(fromConfig.isWorkersDefault, false, 'workers set in docsgen.config are chosen');
  assert.is(fromCli.isWorkersDefault, false, 'workers set on the command line are chosen');
});

build('should keep the cache on unless it is turned off', () => {
  assert.is(resolveBuildOptions(root, { cache: null }).cache, true);
  assert.is(resolveBuildOptions(root, { cache: false }).cache, false);
});

build('should refuse an unknown adapter and a bad worker count with precise messages', () => {
  assert.throws(() => resolveBuildOptions(root, { adapter: 'heroku' as never }), /Cannot build with `heroku` for `options.adapter`, expected one of `static`, `netlify`/);
  assert.throws(() => resolveBuildOptions(root, { workers: -1 }), /Cannot build with `-1` for `options.workers`, expected a whole number from 0/);
  assert.throws(() => resolveBuildOptions(root, { workers: 1.5 }), /options.workers/);
});

build.run();
