import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { exitCodes, type MainContext } from './main.js';
import { allowedHostsFor, listen, openBrowser, serverUrl, untilStopped, type ServeOptions } from './serve-options.js';

export interface PreviewCommandOptions extends ServeOptions {
  /** Project folder, relative to the working directory. */
  root: string;
  /** Output folder, relative to the working directory (default: `dist` in `root`). */
  out?: string | undefined;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  stopSignal?: Promise<unknown> | undefined;
}

/** `docsgen preview`: serves the output of `docsgen build` as a static host would, until stopped; returns the exit code. */
export async function runPreview(options: PreviewCommandOptions, context: MainContext): Promise<number> {
  const root = resolve(context.cwd, options.root);
  const folder = options.out === undefined ? join(root, 'dist') : resolve(context.cwd, options.out);
  const shown = relative(context.cwd, folder) || '.';
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    context.stderr.write(`docsgen: Cannot preview \`${shown}\`: there is no such folder. Run \`docsgen build\` first${options.out === undefined ? '' : `, with \`--out ${options.out}\``}.\n`);
    return exitCodes.failure;
  }
  if (!existsSync(join(folder, 'index.html'))) {
    context.stderr.write(`docsgen: warning: \`${shown}\` has no index.html; is it the output of \`docsgen build\`?\n`);
  }
  const { createPreviewServer } = await import('@docsgen/dev-server');
  const preview = createPreviewServer({ folder, allowedHosts: allowedHostsFor(options.host) });
  let port: number;
  try {
    port = await listen(preview.server, options);
  } catch (error) {
    await preview.close();
    context.stderr.write(`docsgen: ${(error as Error).message}\n`);
    return exitCodes.failure;
  }
  const url = serverUrl(options.host, port);
  context.stdout.write(`docsgen preview: ${folder}\n  Local: ${url}\n`);
  if (options.open) await openBrowser(url);

  await (options.stopSignal ?? untilStopped());
  await preview.close();
  return exitCodes.ok;
}
