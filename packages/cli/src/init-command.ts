import { mkdir, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { exitCodes, type MainContext } from './main.js';
import { createStarterFiles } from './starter.js';

export interface InitCommandOptions {
  /** Folder to write the project into, relative to the working directory. */
  dir: string;
}

/**
 * `docsgen init`: writes the starter project. `$schema` is the path from the new docs.json to
 * the schema file of the installed `@docsgen/config`, so editors validate offline.
 */
export async function runInit(options: InitCommandOptions, context: MainContext): Promise<number> {
  const dir = resolve(context.cwd, options.dir);
  const existing = await stat(dir).catch(() => undefined);
  if (existing && !existing.isDirectory()) {
    context.stderr.write(`docsgen: Cannot create a project in \`${options.dir}\`: it is a file\n`);
    return exitCodes.failure;
  }
  const schemaFile = createRequire(import.meta.url).resolve('@docsgen/config/docs.schema.json');
  const schema = toPosix(relative(dir, schemaFile));
  const files = createStarterFiles(schema.startsWith('.') ? schema : `./${schema}`);

  const taken: string[] = [];
  for (const name of Object.keys(files)) {
    if (await stat(join(dir, name)).catch(() => undefined)) taken.push(name);
  }
  if (taken.length > 0) {
    context.stderr.write(
      `docsgen: Cannot initialise \`${options.dir}\`: it already has ${taken.map((name) => `\`${name}\``).join(', ')}\n` +
        'Nothing was written. Choose an empty folder, e.g. `docsgen init docs`.\n',
    );
    return exitCodes.failure;
  }
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    await mkdir(dirname(path), { recursive: true });
    // `wx` fails instead of overwriting if a file appeared since the check above.
    await writeFile(path, content, { flag: 'wx' });
  }
  const where = relative(context.cwd, dir) || '.';
  context.stdout.write(
    `Created a docsgen project in ${where}/ (${Object.keys(files).length} files).\n` +
      `Next: docsgen check ${where}\n`,
  );
  return exitCodes.ok;
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
