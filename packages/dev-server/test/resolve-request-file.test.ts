import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveRequestFile, type RequestFileResult } from '../src/index.js';
import { createProject } from './project.js';

const project = createProject();
const images = join(project.root, 'images');
const mount = { folder: images, prefix: '/images' };

test.after(() => project.remove());

function resolveImage(target: string): Promise<RequestFileResult> {
  return resolveRequestFile(target, mount);
}

test('should resolve a file to its real path', async () => {
  assert.equal(await resolveImage('/images/logo.png'), {
    status: 200,
    file: join(images, 'logo.png'),
  });
  assert.equal(await resolveImage('/images/sub/nested.txt?v=1'), {
    status: 200,
    file: join(images, 'sub/nested.txt'),
  });
});

test('should decode each segment exactly once', async () => {
  assert.equal(await resolveImage('/images/a%20b.txt'), { status: 200, file: join(images, 'a b.txt') });
  assert.equal(await resolveImage('/images/%E6%96%87%E6%A1%A3.txt'), {
    status: 200,
    file: join(images, '文档.txt'),
  });
  assert.equal(await resolveImage('/images/%2541.txt'), { status: 200, file: join(images, '%41.txt') });
  assert.equal(await resolveImage('/images/%41.txt'), { status: 404, reason: 'not-found' });
});

test('should follow symlinks that stay inside the folder', async () => {
  assert.equal(await resolveImage('/images/inside-link.png'), {
    status: 200,
    file: join(images, 'logo.png'),
  });
  assert.equal(await resolveImage('/images/sub-link/nested.txt'), {
    status: 200,
    file: join(images, 'sub/nested.txt'),
  });
});

test('should judge by the real path: out through a symlink and back in is inside', async () => {
  assert.equal(await resolveImage('/images/escape-dir/images/logo.png'), {
    status: 200,
    file: join(images, 'logo.png'),
  });
});

test('should accept a folder that is itself a symlink', async () => {
  const linked = { folder: join(project.root, 'linked-images'), prefix: 'images/' };
  assert.equal(await resolveRequestFile('/images/logo.png', linked), {
    status: 200,
    file: join(images, 'logo.png'),
  });
  assert.equal(await resolveRequestFile('/images/escape.txt', linked), {
    status: 404,
    reason: 'outside-folder',
  });
});

const failures: Array<[string, number, string]> = [
  ['/images/../docs.json', 400, 'dot-segment'],
  ['/images/./logo.png', 400, 'dot-segment'],
  ['/images/%2e%2e/docs.json', 400, 'dot-segment'],
  ['/images/.%2E/docs.json', 400, 'dot-segment'],
  ['/images/sub/..', 400, 'dot-segment'],
  ['/images/..%2fdocs.json', 400, 'forbidden-character'],
  ['/images/%2e%2e%2fdocs.json', 400, 'forbidden-character'],
  ['/images/..%5cdocs.json', 400, 'forbidden-character'],
  ['/images/%2Fetc%2Fpasswd', 400, 'forbidden-character'],
  ['/images/%00.png', 400, 'forbidden-character'],
  ['/images/logo.png%0a', 400, 'forbidden-character'],
  ['/images/logo.png%23x', 400, 'forbidden-character'],
  ['/images/logo.png#x', 400, 'forbidden-character'],
  ['/images/..\\docs.json', 400, 'forbidden-character'],
  ['/images/a%zz', 400, 'malformed-encoding'],
  ['/images/a%', 400, 'malformed-encoding'],
  ['/images/a%2', 400, 'malformed-encoding'],
  ['/images/%c0%ae%c0%ae/docs.json', 400, 'malformed-encoding'],
  ['/images/%e0%80%ae', 400, 'malformed-encoding'],
  ['/images/%ed%a0%80.png', 400, 'malformed-encoding'],
  ['/images/%ff.png', 400, 'malformed-encoding'],
  ['/images//etc/passwd', 400, 'empty-segment'],
  ['/images/sub//nested.txt', 400, 'empty-segment'],
  ['/images/\u00e9.png', 400, 'malformed-target'],
  ['/images/a b.txt', 400, 'malformed-target'],
  ['images/logo.png', 400, 'malformed-target'],
  ['*', 400, 'malformed-target'],
  ['ftp://x/images/logo.png', 400, 'malformed-target'],
  ['/images/' + 'a/'.repeat(2100), 414, 'target-too-long'],
  ['/imagesX/secret.txt', 404, 'outside-prefix'],
  ['/images-evil/secret.txt', 404, 'outside-prefix'],
  ['/images', 404, 'outside-prefix'],
  ['/%69mages/logo.png', 404, 'outside-prefix'],
  ['/IMAGES/logo.png', 404, 'outside-prefix'],
  ['/images/.env', 404, 'dotfile'],
  ['/images/.git/config', 404, 'dotfile'],
  ['/images/%2egit/config', 404, 'dotfile'],
  ['/images/...', 404, 'dotfile'],
  ['/images/', 404, 'not-a-file'],
  ['/images/sub/', 404, 'not-a-file'],
  ['/images/sub', 404, 'not-a-file'],
  ['/images/%252e%252e/docs.json', 404, 'not-found'],
  ['/images/missing.png', 404, 'not-found'],
  ['/images/dangling.png', 404, 'not-found'],
  ['/images/logo.png/x', 404, 'not-found'],
  ['/images/' + 'a'.repeat(1000), 404, 'not-found'],
  ['/images/escape.txt', 404, 'outside-folder'],
  ['/images/escape-absolute.json', 404, 'outside-folder'],
  ['/images/escape-dir/docs.json', 404, 'outside-folder'],
  ['/images/to-dotfile.txt', 404, 'dotfile'],
];

for (const [target, status, reason] of failures) {
  test(`should answer ${status} (${reason}) for \`${target.slice(0, 60)}\``, async () => {
    assert.equal(await resolveImage(target), { status, reason });
  });
}

test('should take the path of an absolute-form target', async () => {
  assert.equal(await resolveImage('http://x/images/logo.png?q'), {
    status: 200,
    file: join(images, 'logo.png'),
  });
  assert.equal(await resolveImage('HTTPS://user@x:1/images/../docs.json'), {
    status: 400,
    reason: 'dot-segment',
  });
  assert.equal(await resolveImage('http://x?/images/logo.png'), { status: 404, reason: 'outside-prefix' });
});

test('should answer 404 when the folder does not exist', async () => {
  const missing = { folder: join(project.root, 'static'), prefix: '/static' };
  assert.equal(await resolveRequestFile('/static/a.png', missing), { status: 404, reason: 'not-found' });
});

test('should mount a folder at the site root with prefix `/`, with every check in place', async () => {
  const root = dirname(images);
  const cases: Array<[string, number, string?]> = [
    ['/images/logo.png', 200, join(images, 'logo.png')],
    ['/images/sub/nested.txt', 200, join(images, 'sub', 'nested.txt')],
    ['/docs.json', 200, join(root, 'docs.json')],
    ['/.env', 404],
    ['/images/.git/config', 404],
    ['/images/escape.txt', 200, join(root, 'secret.txt')],
    ['/images/to-dotfile.txt', 404],
    ['/images/../docs.json', 400],
    ['/%2e%2e/etc/passwd', 400],
    ['/images%2flogo.png', 400],
    ['/images/logo.png%00', 400],
    ['//images/logo.png', 400],
    ['/', 404],
  ];
  for (const [target, status, file] of cases) {
    const result = await resolveRequestFile(target, { folder: root, prefix: '/' });
    assert.is(result.status, status, target);
    if (file) assert.is((result as { file: string }).file, realpathSync(file), target);
  }
});

test('should reject a relative folder and an unsafe prefix', async () => {
  await assert_rejects(() => resolveRequestFile('/a/b', { folder: 'images', prefix: '/a' }),
    'Cannot serve files: `options.folder` is `images`, expected an absolute path');
  for (const prefix of ['', '//', '/..', '../images', '/.git', '/a//b', '/a b']) {
    await assert_rejects(() => resolveRequestFile('/a/b', { folder: images, prefix }),
      `Cannot serve files: \`options.prefix\` is \`${prefix}\`, expected a URL path such as \`/images\``);
  }
});

async function assert_rejects(run: () => Promise<unknown>, message: string): Promise<void> {
  try {
    await run();
  } catch (error) {
    assert.instance(error, TypeError);
    assert.is((error as Error).message, message);
    return;
  }

  assert.unreachable('expected a TypeError');
}

test.run();
