import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lastUpdatedTimes, loadRepositoryInfo, pageLastUpdated } from '../src/git.js';

function git(cwd: string, args: string[], date?: string): void {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}) },
  });
}

test('should read last-updated times from git commits, and file times for untracked files', async () => {
  const repo = mkdtempSync(join(tmpdir(), 'docsgen-footer-git-'));
  try {
    const root = join(repo, 'docs');
    mkdirSync(join(root, 'guides'), { recursive: true });
    git(repo, ['init', '-q', '-b', 'trunk']);
    writeFileSync(join(root, 'index.mdx'), 'a');
    writeFileSync(join(root, 'guides', 'setup.mdx'), 'a');
    writeFileSync(join(repo, 'outside.mdx'), 'a');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'one'], '2020-01-02T03:04:05Z');
    writeFileSync(join(root, 'guides', 'setup.mdx'), 'b');
    git(repo, ['commit', '-q', '-am', 'two'], '2022-06-07T08:09:10Z');
    // Committed later but outside the project root: does not matter here.
    writeFileSync(join(repo, 'outside.mdx'), 'b');
    git(repo, ['commit', '-q', '-am', 'three'], '2023-01-01T00:00:00Z');
    writeFileSync(join(root, 'draft.mdx'), 'new');
    utimesSync(join(root, 'draft.mdx'), new Date('2021-05-05T00:00:00Z'), new Date('2021-05-05T00:00:00Z'));

    const times = await lastUpdatedTimes(root, ['index.mdx', 'guides/setup.mdx', join(root, 'draft.mdx'), 'missing.mdx']);
    assert.is(times.get('index.mdx')?.toISOString(), '2020-01-02T03:04:05.000Z');
    assert.is(times.get('guides/setup.mdx')?.toISOString(), '2022-06-07T08:09:10.000Z');
    assert.is(times.get(join(root, 'draft.mdx'))?.toISOString(), '2021-05-05T00:00:00.000Z');
    assert.not.ok(times.has('missing.mdx'));
    assert.is((await pageLastUpdated(root, 'guides/setup.mdx'))?.toISOString(), '2022-06-07T08:09:10.000Z');

    git(repo, ['remote', 'add', 'origin', 'git@github.com:acme/mono.git']);
    assert.equal(await loadRepositoryInfo(root), { remoteUrl: 'git@github.com:acme/mono.git', branch: 'trunk', prefix: 'docs/' });
    git(repo, ['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/stable']);
    assert.is((await loadRepositoryInfo(root)).branch, 'stable');
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

test('should fall back to file times outside git and never throw', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-footer-plain-'));
  try {
    writeFileSync(join(root, 'a.mdx'), 'a');
    utimesSync(join(root, 'a.mdx'), new Date('2019-09-09T00:00:00Z'), new Date('2019-09-09T00:00:00Z'));
    const times = await lastUpdatedTimes(root, ['a.mdx', 'b.mdx']);
    assert.is(times.get('a.mdx')?.toISOString(), '2019-09-09T00:00:00.000Z');
    assert.is(times.size, 1);
    assert.equal(await loadRepositoryInfo(join(root, 'no-such-folder')), {});
    assert.is(await pageLastUpdated(join(root, 'no-such-folder'), 'x.mdx'), undefined);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
