// Fixture folders: `test/fixtures/<plugin>/<case>/` with `input.mdx`, `input.md` or `input.html`, optional
// `options.json`, `expected.*` and `messages.txt`. `UPDATE=1` rewrites the expected files; a
// newly written one still fails once, so that someone reads it.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { VFile } from 'vfile';

export interface FixtureCase {
  name: string;
  dir: string;
  /** `input.mdx`, `input.md` or `input.html`. */
  inputName: string;
  input: string;
  options: Record<string, unknown> | undefined;
}

export interface FixtureResult {
  /** Expected file name (`expected.html`) → actual content. */
  outputs: Record<string, string>;
  file?: VFile;
}

const fixturesRoot = new URL('./fixtures/', import.meta.url);

export function readFixtureCases(plugin: string): FixtureCase[] {
  const base = join(fixturesRoot.pathname, plugin);
  return readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const dir = join(base, name);
      const inputName = ['input.mdx', 'input.md', 'input.html'].find((name) => existsSync(join(dir, name)));
      if (!inputName) throw new Error(`Cannot find \`input.mdx\`, \`input.md\` or \`input.html\` in ${dir}`);
      const optionsFile = join(dir, 'options.json');
      return {
        name,
        dir,
        inputName,
        input: readFileSync(join(dir, inputName), 'utf8'),
        options: existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : undefined,
      };
    });
}

/** `line:column  warning  reason  [rule-id]`, one message a line. */
export function formatMessages(file: VFile): string {
  return file.messages
    .map((message) => {
      const place = `${message.line ?? 1}:${message.column ?? 1}`;
      return `${place}  ${message.fatal ? 'error' : 'warning'}  ${message.reason}  [${message.ruleId}]\n`;
    })
    .join('');
}

export function defineFixtureTests(
  test: Test,
  plugin: string,
  build: (fixture: FixtureCase) => Promise<FixtureResult>,
): undefined {
  for (const fixture of readFixtureCases(plugin)) {
    test(`should match the \`${fixture.name}\` fixture`, async () => {
      const result = await build(fixture);
      const outputs = { ...result.outputs };
      const messages = result.file ? formatMessages(result.file) : '';
      if (messages !== '' || existsSync(join(fixture.dir, 'messages.txt'))) outputs['messages.txt'] = messages;

      const written: string[] = [];
      for (const [name, actual] of Object.entries(outputs)) {
        const path = join(fixture.dir, name);
        if (!existsSync(path)) written.push(name);
        if (process.env.UPDATE || !existsSync(path)) writeFileSync(path, actual);
      }
      assert.equal(written, [], `${plugin}/${fixture.name}: ${written.join(', ')} just written: read, then run again`);
      for (const [name, actual] of Object.entries(outputs)) {
        assert.fixture(actual, readFileSync(join(fixture.dir, name), 'utf8'), `${plugin}/${fixture.name}/${name}`);
      }
    });
  }
}
