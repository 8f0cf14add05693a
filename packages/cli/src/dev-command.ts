import { formatMessageLine } from '@docsgen/config';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { exitCodes, type MainContext } from './main.js';

export interface DevCommandOptions {
  /** Project folder, relative to the working directory. */
  root: string;
  /** Port to listen on; the next free one when taken, unless `strictPort` (0: any free port). */
  port: number;
  /** Host name or address to listen on. */
  host: string;
  /** Fail instead of trying the next port when `port` is taken. */
  strictPort: boolean;
  /** Open the site in the default browser once it is ready. */
  open: boolean;
  /** Resolves when the server should stop (default: SIGINT or SIGTERM). */
  stopSignal?: Promise<unknown> | undefined;
}

/** `docsgen dev`: serves the project until stopped; returns the exit code. */
export async function runDev(options: DevCommandOptions, context: MainContext): Promise<number> {
  const started = performance.now();
  const root = resolve(context.cwd, options.root);
  // Loaded here: the page pipeline is not needed by `check --config-only` or `init`.
  const { createSite } = await import('@docsgen/core');
  const { startDevSession } = await import('@docsgen/dev-server');
  const loadSite = async () => {
    const site = await createSite(root, { mode: 'dev' });
    for (const message of site.messages) context.stderr.write(`${formatMessageLine(message, { cwd: context.cwd })}\n`);
    return site;
  };
  const session = await startDevSession({
    root,
    loadSite,
    onChange: (change) =>
      context.stdout.write(
        change.reload === 'full' ? '  changed: reloading the site\n' : `  changed: ${change.slugs.map((slug) => `/${slug}`).join(', ')}\n`,
      ),
  });
  let port: number;
  try {
    port = await listen(session.server, options);
  } catch (error) {
    await session.close();
    context.stderr.write(`docsgen: ${(error as Error).message}\n`);
    return exitCodes.failure;
  }
  const url = `http://${options.host}:${port}/`;
  context.stdout.write(`docsgen dev: ${root}\n  ready in ${Math.round(performance.now() - started)} ms\n  Local: ${url}\n`);
  if (options.open) await openBrowser(url);

  const stop = options.stopSignal ?? new Promise((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await stop;
  await session.close();
  return exitCodes.ok;
}

function listen(server: Server, options: DevCommandOptions): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let port = options.port;
    const attempts = options.strictPort || port === 0 ? 1 : 20;
    let tries = 0;
    const attempt = (): void => {
      tries += 1;
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && tries < attempts) {
          port += 1;
          attempt();
        } else if (error.code === 'EADDRINUSE') {
          reject(new Error(`Cannot listen on port ${port}: it is in use${options.strictPort ? ' (--strict-port)' : ''}`));
        } else reject(new Error(`Cannot listen on ${options.host}:${port}: ${error.message}`));
      });
      server.listen(port, options.host, () => {
        const address = server.address();
        resolvePort(typeof address === 'object' && address ? address.port : port);
      });
    };
    attempt();
  });
}

async function openBrowser(url: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  // Best effort: a machine without a browser still serves the site.
  spawn(command, [url], { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
}
