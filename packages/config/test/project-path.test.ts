import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hasScheme, resolveProjectPath } from '../src/project-path.js';

test('should refuse project paths that leave the root, as written or through a link, before reading', () => {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-project-path-')));
  try {
    const root = join(parent, 'site');
    mkdirSync(join(root, 'specs'), { recursive: true });
    mkdirSync(join(parent, 'site-secrets'));
    writeFileSync(join(root, 'specs', 'api.yaml'), 'openapi: 3.1.0');
    writeFileSync(join(parent, 'secret.json'), '{}');
    writeFileSync(join(parent, 'site-secrets', 'key.json'), '{}');
    symlinkSync(join(parent, 'secret.json'), join(root, 'escape.json'));
    symlinkSync(join(root, 'specs', 'api.yaml'), join(root, 'alias.yaml'));
    symlinkSync(join(parent, 'missing-target'), join(root, 'dangling.json'));

    const cases: Array<[string, string | undefined, string]> = [
      ['specs/api.yaml', undefined, 'ok'],
      ['api.yaml', join(root, 'specs'), 'ok'],
      ['alias.yaml', undefined, 'ok'],
      ['../secret.json', undefined, 'outside-root'],
      ['specs/../../secret.json', undefined, 'outside-root'],
      ['../site-secrets/key.json', undefined, 'outside-root'],
      [join(parent, 'secret.json'), undefined, 'outside-root'],
      ['/etc/passwd', undefined, 'outside-root'],
      ['../../secret.json', join(root, 'specs'), 'outside-root'],
      ['specs/api.yaml\0.png', undefined, 'outside-root'],
      ['escape.json', undefined, 'link-outside-root'],
      ['dangling.json', undefined, 'missing'],
      ['nothing.json', undefined, 'missing'],
      ['specs/api.yaml/child', undefined, 'missing'],
      ['https://example.com/api.yaml', undefined, 'remote'],
      ['file:///etc/passwd', undefined, 'remote'],
      ['data:application/json,{}', undefined, 'remote'],
    ];
    for (const [reference, base, expected] of cases) {
      const result = resolveProjectPath(root, reference, { base });
      assert.is(result.ok ? 'ok' : result.reason, expected, reference);
    }
    const alias = resolveProjectPath(root, 'alias.yaml');
    assert.equal(alias.ok && [alias.file, alias.real], [join(root, 'alias.yaml'), join(root, 'specs', 'api.yaml')]);

    // Outside as written: the file system is never asked.
    const asked: string[] = [];
    const realpath = (path: string): string => {
      asked.push(path);
      return path;
    };
    assert.is(resolveProjectPath(root, '../secret.json', { realpath }).ok, false);
    assert.equal(asked, []);
    const failing = resolveProjectPath(root, 'specs/api.yaml', {
      realpath: () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    });
    assert.is(!failing.ok && failing.reason, 'unreadable');
    assert.is(!failing.ok && (failing.error as { code?: string }).code, 'EACCES');
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test('should tell URLs from Windows drive letters', () => {
  assert.ok(hasScheme('https://example.com'));
  assert.ok(hasScheme('mailto:a@b.c'));
  assert.not.ok(hasScheme('C:\\docs\\api.yaml'));
  assert.not.ok(hasScheme('c:/docs/api.yaml'));
  assert.not.ok(hasScheme('specs/api.yaml'));
  assert.not.ok(hasScheme('./a:b.yaml'));
});

test.run();
