import { formatMessageLine } from '@docsgen/config';
import type { BuildProgress } from '@docsgen/core';
import type { AdapterName } from '@docsgen/core/adapters';
import { relative, resolve } from 'node:path';
import { exitCodes, type MainContext } from './main.js';

export interface BuildCommandOptions {
  /** Project folder, relative to the working directory. */
  root: string;
  /** Output folder, relative to the working directory (default: `dist` under the root). */
  out?: string | undefined;
  adapter?: AdapterName | undefined;
  /** From `--site-url`, else `DOCSGEN_SITE_URL` (then docsgen.config, then docs.json `siteUrl`). */
  siteUrl?: string | undefined;
  workers?: number | undefined;
  cache: boolean;
}

/**
 * `docsgen build`: renders the site into the output folder and prints a summary. On a terminal
 * the progress is one updating line; elsewhere (CI logs) a plain line every tenth of the pages.
 */
export async function runBuild(options: BuildCommandOptions, context: MainContext): Promise<number> {
  const { buildSite } = await import('@docsgen/core');
  const root = resolve(context.cwd, options.root);
  const isTerminal = (context.stdout as NodeJS.WriteStream).isTTY === true;
  let lastTenth = -1;
  const onProgress = (progress: BuildProgress): void => {
    if (progress.total === 0) return;
    const line = `Building: ${progress.done}/${progress.total} pages${progress.cached > 0 ? ` (${progress.cached} from cache)` : ''}`;
    if (isTerminal) {
      context.stdout.write(`\r\u001B[2K${line}`);
      return;
    }
    const tenth = Math.floor((progress.done / progress.total) * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      context.stdout.write(`${line}\n`);
    }
  };
  const result = await buildSite(root, {
    outDir: options.out === undefined ? undefined : resolve(context.cwd, options.out),
    adapter: options.adapter,
    siteUrl: options.siteUrl,
    workers: options.workers,
    cache: options.cache,
    onProgress,
  });
  if (isTerminal) context.stdout.write('\r\u001B[2K');
  for (const message of result.messages) context.stdout.write(`${formatMessageLine(message, { cwd: context.cwd })}\n`);
  const errors = result.messages.filter((message) => message.fatal).length;
  const where = relative(context.cwd, result.outDir) || '.';
  if (!result.ok) {
    context.stdout.write(
      `${result.messages.length > 0 ? '\n' : ''}Build failed: ${errors} ${errors === 1 ? 'error' : 'errors'}; ${where} was left as it was.\n`,
    );
    return exitCodes.failure;
  }
  const seconds = (result.durationMs / 1000).toFixed(2);
  const cached = result.cached > 0 ? `, ${result.cached} from cache` : '';
  context.stdout.write(
    `${result.messages.length > 0 ? '\n' : ''}Built ${result.pages} ${result.pages === 1 ? 'page' : 'pages'} in ${seconds} s${cached} → ${where} (${result.files} files, ${formatBytes(result.bytes)})\n`,
  );
  const tailwind = result.tailwindCss;
  if (tailwind) context.stdout.write(`Tailwind CSS: ${formatBytes(tailwind.bytes)} for ${tailwind.candidates} class ${tailwind.candidates === 1 ? 'name' : 'names'} (_docsgen/tailwind.css)\n`);
  return exitCodes.ok;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
