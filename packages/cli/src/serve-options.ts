import type { Server } from 'node:http';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { ParseArgsConfig } from 'node:util';

/** What `docsgen dev` and `docsgen preview` share: where to listen, and what to do once listening. */
export interface ServeOptions {
  /** Port to listen on; the next free one when taken, unless `strictPort` (0: any free port). */
  port: number;
  /** Host name or address to listen on. */
  host: string;
  /** Fail instead of trying the next port when `port` is taken. */
  strictPort: boolean;
  /** Open the site in the default browser once it is ready. */
  open: boolean;
}

/** The `parseArgs` options of both serving commands. */
export const serveOptionDefinitions = {
  port: { type: 'string' },
  host: { type: 'string' },
  'strict-port': { type: 'boolean' },
  open: { type: 'boolean' },
} satisfies NonNullable<ParseArgsConfig['options']>;

/** Their lines in `--help`. */
export const serveOptionsHelp = `  --port N        Port to listen on; the next free one when taken (default: 3000)
  --host NAME     Host name or address to listen on (default: localhost)
  --strict-port   Fail when the port is taken instead of trying the next one
  --open          Open the site in the default browser
`;

const defaults = { port: 3000, host: 'localhost' } as const;

/**
 * Reads `--port`, `--host`, `--strict-port` and `--open` from parsed arguments.
 *
 * @returns
 *   The options, or `{ error }` with the usage error to print.
 */
export function parseServeOptions(values: Readonly<Record<string, unknown>>): ServeOptions | { error: string } {
  const raw = values.port;
  const port = raw === undefined ? defaults.port : typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return { error: `Unexpected \`--port ${String(raw)}\`, expected a port number from 0 to 65535` };
  }
  const host = typeof values.host === 'string' && values.host !== '' ? values.host : defaults.host;
  return { port, host, strictPort: values['strict-port'] === true, open: values.open === true };
}

/**
 * Host names a server bound to `host` must accept besides localhost and IP addresses: the name
 * itself, when it is one; on every interface (`0.0.0.0`, `::`), this machine's name too (and its
 * `.local` form), so other machines on the network can use it.
 */
export function allowedHostsFor(host: string): string[] {
  const address = host.replace(/^\[|\]$/g, '');
  if (address === '0.0.0.0' || address === '::') return [hostname(), `${hostname()}.local`];
  return host === 'localhost' || isIP(address) !== 0 ? [] : [host];
}

/** The address to print and open. */
export function serverUrl(host: string, port: number): string {
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}/`;
}

/**
 * Starts `server` on `options.port`, or on the next free port (up to 20 tries) unless
 * `strictPort` or port 0; resolves with the port it listens on.
 */
export function listen(server: Server, options: ServeOptions): Promise<number> {
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

/** Opens `url` in the default browser; best effort, a machine without one still serves. */
export async function openBrowser(url: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  spawn(command, [url], { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
}

/** Resolves on Ctrl-C (SIGINT) or SIGTERM. */
export function untilStopped(): Promise<unknown> {
  return new Promise((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}
