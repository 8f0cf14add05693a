import { formatMessageLine } from '@docsgen/config';
import { resolve } from 'node:path';
import type { SiteLoadCache } from '@docsgen/core';
import { exitCodes, type MainContext } from './main.js';
import { allowedHostsFor, listen, openBrowser, serverUrl, untilStopped, type ServeOptions } from './serve-options.js';

export interface DevCommandOptions extends ServeOptions {
  /** Project folder, relative to the working directory. */
  root: string;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  stopSignal?: Promise<unknown> | undefined;
}

/** `docsgen dev`: serves the project until stopped; returns the exit code. */
export async function runDev(options: DevCommandOptions, context: MainContext): Promise<number> {
  const started = performance.now();
  const root = resolve(context.cwd, options.root);
  // Loaded here: the page pipeline is not needed by `check --config-only` or `init`.
  const { createSite, projectFolderProblem, pruneCompileCache } = await import('@docsgen/core');
  const missing = projectFolderProblem(root, 'serve');
  if (missing) {
    context.stderr.write(`${formatMessageLine(missing, { cwd: context.cwd })}\n`);
    return exitCodes.failure;
  }
  const { startDevSession } = await import('@docsgen/dev-server');
  // Compiled pages are kept on disk, shared with `docsgen build`: a restart, or the first
  // search (which renders every page), finds most pages compiled already.
  const loadSite = async ({ loadCache }: { loadCache: SiteLoadCache }) => {
    const site = await createSite(root, { mode: 'dev', compileCache: true, loadCache });
    for (const message of site.messages) context.stderr.write(`${formatMessageLine(message, { cwd: context.cwd })}\n`);
    return site;
  };
  // A page's warnings are printed the first time it renders, and again after a change.
  const printed = new Set<string>();
  const session = await startDevSession({
    root,
    loadSite,
    allowedHosts: allowedHostsFor(options.host),
    // The first search after a start should not wait for every page: the index is made once the
    // server has been quiet for a few seconds.
    prepareSearchAfterMs: 3000,
    onMessages: (messages) => {
      for (const message of messages) {
        const line = formatMessageLine(message, { cwd: context.cwd });
        if (printed.has(line)) continue;
        printed.add(line);
        context.stderr.write(`${line}\n`);
      }
    },
    onChange: (change) => {
      printed.clear();
      context.stdout.write(
        change.reload === 'full' ? '  changed: reloading the site\n' : `  changed: ${change.slugs.map((slug) => `/${slug}`).join(', ')}\n`,
      );
    },
  });
  let port: number;
  try {
    port = await listen(session.server, options);
  } catch (error) {
    await session.close();
    context.stderr.write(`docsgen: ${(error as Error).message}\n`);
    return exitCodes.failure;
  }
  // Entries unused for a week go, once the server has settled.
  setTimeout(() => pruneCompileCache(root), 10_000).unref();
  const url = serverUrl(options.host, port);
  context.stdout.write(`docsgen dev: ${root}\n  ready in ${Math.round(performance.now() - started)} ms\n  Local: ${url}\n`);
  if (options.open) await openBrowser(url);

  await (options.stopSignal ?? untilStopped());
  await session.close();
  return exitCodes.ok;
}
