#!/usr/bin/env node
// "Installs" the three embeddable API viewers' npm packages into the fixture project
// fixtures/api-viewers/node_modules/, so the browser tests load them from the site (as a
// project that installed them would) and never from the CDN. Only the files docsgen serves
// (and package.json) are extracted: the packages' own dependency trees are not needed, the
// browser bundles are self-contained.
//
// Tarballs come from `npm pack <name>@<exact version>` into .cache/viewer-packages/ (gitignored)
// and are reused from there; packages already extracted at the right version are skipped.
//
//   node scripts/fetch-viewer-packages.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cache = join(root, '.cache', 'viewer-packages');
const target = join(root, 'fixtures', 'api-viewers', 'node_modules');

// Same versions and files as packages/core/src/api-viewers.ts.
const packages = [
  { name: 'redoc', version: '2.5.4', files: ['bundles/redoc.standalone.js'] },
  { name: '@scalar/api-reference', version: '1.72.1', files: ['dist/browser/standalone.js'] },
  { name: '@stoplight/elements', version: '9.0.25', files: ['web-components.min.js', 'styles.min.css'] },
];

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`fetch-viewer-packages: \`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

function installedVersion(folder) {
  try {
    return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

mkdirSync(cache, { recursive: true });
for (const pkg of packages) {
  const folder = join(target, ...pkg.name.split('/'));
  if (installedVersion(folder) === pkg.version && pkg.files.every((file) => existsSync(join(folder, file)))) continue;
  // npm pack's file name: `@scope/name` → `scope-name-<version>.tgz`.
  const tarball = join(cache, `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`);
  if (!existsSync(tarball)) {
    console.log(`fetch-viewer-packages: npm pack ${pkg.name}@${pkg.version}`);
    run('npm', ['pack', `${pkg.name}@${pkg.version}`, '--pack-destination', cache, '--silent']);
  }
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // Every npm tarball holds its files under `package/`.
  run('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1', 'package/package.json', ...pkg.files.map((file) => `package/${file}`)]);
  console.log(`fetch-viewer-packages: ${pkg.name}@${pkg.version} → ${folder}`);
}
