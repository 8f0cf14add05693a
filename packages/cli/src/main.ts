import { parseArgs, type ParseArgsConfig } from 'node:util';
import { adapterNames, type AdapterName } from '@docsgen/core/adapters';
import { runBuild } from './build-command.js';
import { runCheck } from './check-command.js';
import { runDev } from './dev-command.js';
import { runInit } from './init-command.js';
import { runMcp } from './mcp-command.js';
import { runPreview } from './preview-command.js';
import { parseServeOptions, serveOptionDefinitions, serveOptionsHelp } from './serve-options.js';
import { version } from './version.js';

/** Where the CLI reads and writes; injected so tests run it in-process. */
export interface MainContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Exit codes: 0 no errors, 1 errors in the project (or an internal error), 2 usage error. */
export const exitCodes = { ok: 0, failure: 1, usage: 2 } as const;

const usage = `Usage: docsgen <command> [options]

Commands:
  dev [root]     Serve the project at http://localhost:3000 (root: .)
  build [root]   Build the static site into dist/ (root: .)
  preview [root] Serve the output of docsgen build as a static host would (root: .)
  mcp [root]     Serve the project to AI agents over MCP on stdio (root: .)
  check [root]   Validate docs.json, the navigation and every page (root: .)
  init [dir]     Write a small working starter project into dir (dir: .)

Options:
  -h, --help     Show this help
  -v, --version  Show the version
  --verbose      Show stack traces of internal errors

Run \`docsgen <command> --help\` for the options of one command.
`;

const commandUsage: Record<string, string> = {
  dev: `Usage: docsgen dev [root] [--port 3000] [--host localhost] [--strict-port] [--open]

Serves the project: every page rendered on request, its Markdown twin at
/<slug>.md, the asset folders, and the 404 page. Stop it with Ctrl-C.

Options:
  --port N        Port to listen on; the next free one when taken (default: 3000)
  --host NAME     Host name or address to listen on (default: localhost)
  --strict-port   Fail when the port is taken instead of trying the next one
  --open          Open the site in the default browser
  --verbose       Show stack traces of internal errors
`,
  build: `Usage: docsgen build [root] [--out DIR] [--adapter static] [--site-url URL]

Renders every page (drafts excluded) to HTML and its Markdown twin, with the
404 page, the asset folders, the favicon and the adapter's redirect files. The
output is written beside the old one and swapped in at the end: with any error
the previous output stays untouched.

Options:
  --out DIR         Output folder (default: dist under the project root)
  --adapter NAME    static, netlify, cloudflare, vercel or github-pages (default: static)
  --site-url URL    Absolute URL of the deployed site (default: $DOCSGEN_SITE_URL)
  --workers N       Worker threads rendering pages (default: one per core; 0: none)
  --no-cache        Render every page, ignoring and not updating .docsgen/cache
  --verbose         Show stack traces of internal errors

Defaults not given here come from build in docsgen.config, then the above;
the site URL last from siteUrl in docs.json.

Exit codes: 0 built, 1 errors (nothing written), 2 usage error.
`,
  mcp: `Usage: docsgen mcp [root] [--out DIR] [--no-cache]

Serves the project as a Model Context Protocol server over standard input and
output, for an editor or agent to start: tools to search the pages, read one as
Markdown and list them all. Pages render from the sources, as in docsgen dev;
with --out, from the output of docsgen build (built with --adapter netlify,
vercel or cloudflare). Messages about the project go to standard error.

The search index is made in the background from the start; a search made
before it is complete waits up to 10 s, then answers from the pages indexed so
far and says so. From the sources, the pages' Markdown is kept in
.docsgen/cache/mcp and reused while no project file has changed.

Options:
  --out DIR      Serve this build output folder instead of the sources
  --no-cache     Write every page's Markdown anew, ignoring and not updating .docsgen/cache
  -h, --help     Show this help
`,
  preview: `Usage: docsgen preview [root] [--out DIR] [--port 3000] [--host localhost] [--strict-port] [--open]

Serves the folder docsgen build wrote the way a static host does: /x from
x.html, /x.md the Markdown twin, the redirects of the adapter's _redirects or
vercel.json with their statuses, and 404.html for anything else. Only requests
addressed to this machine (localhost, an IP address, --host) are answered.
Stop it with Ctrl-C.

Options:
  --out DIR       Folder docsgen build wrote (default: dist under the project root)
${serveOptionsHelp}  --verbose       Show stack traces of internal errors
`,
  check: `Usage: docsgen check [root] [--format text|json] [--config-only] [--verbose]

Validates docs.json (schema, includes, navigation), checks that every page the
navigation lists exists as <slug>.mdx or <slug>.md, parses every page's
frontmatter, and compiles and renders every page. Prints one line per message:
  file:line:column  severity  reason  [rule-id]

Options:
  --format text|json  Output format (default: text)
  --config-only       Skip compiling pages: docs.json, navigation and frontmatter only
  --verbose           Show stack traces of internal errors

Exit codes: 0 no errors (warnings allowed), 1 errors, 2 usage error.
`,
  init: `Usage: docsgen init [dir]

Writes a small working starter project (docs.json with $schema, pages in tabs
and groups) into dir (default: the current folder). Existing files are never
overwritten: if any file would be replaced, nothing is written.
`,
};

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export async function main(argv: string[], context: MainContext): Promise<number> {
  const isVerbose = argv.includes('--verbose');
  try {
    return await dispatch(argv, context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.stderr.write(`docsgen: internal error: ${message}\n`);
    if (isVerbose && error instanceof Error && error.stack) context.stderr.write(`${error.stack}\n`);
    else context.stderr.write('Run again with --verbose to see the stack trace.\n');
    return exitCodes.failure;
  }
}

async function dispatch(argv: string[], context: MainContext): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    const topic = command === 'help' ? rest[0] : undefined;
    context.stdout.write(topic && commandUsage[topic] ? commandUsage[topic] : usage);
    return exitCodes.ok;
  }
  if (command === '-v' || command === '--version') {
    context.stdout.write(`${version}\n`);
    return exitCodes.ok;
  }
  if (!(command in commandUsage)) {
    const names = Object.keys(commandUsage).map((name) => `\`${name}\``);
    return usageError(context, `Unknown command \`${command}\`, expected ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`, usage);
  }
  const options: ParseArgsConfig['options'] = {
    verbose: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    // `bin/docsgen.js` (`isColdBuild`) reads the same build options to find the project root:
    // a string option added here goes there too.
    ...(command === 'build'
      ? { out: { type: 'string' }, adapter: { type: 'string' }, 'site-url': { type: 'string' }, workers: { type: 'string' }, 'no-cache': { type: 'boolean' } }
      : {}),
    ...(command === 'check' ? { format: { type: 'string' }, 'config-only': { type: 'boolean' } } : {}),
    ...(command === 'dev' || command === 'preview' ? serveOptionDefinitions : {}),
    ...(command === 'preview' || command === 'mcp' ? { out: { type: 'string' } } : {}),
    ...(command === 'mcp' ? { 'no-cache': { type: 'boolean' } } : {}),
  };
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError(context, (error as Error).message, commandUsage[command] ?? usage);
  }
  const values = parsed.values as {
    format?: string;
    help?: boolean;
    'config-only'?: boolean;
    port?: string;
    host?: string;
    'strict-port'?: boolean;
    open?: boolean;
    out?: string;
    adapter?: string;
    'site-url'?: string;
    workers?: string;
    'no-cache'?: boolean;
  };
  if (values.help) {
    context.stdout.write(commandUsage[command] ?? usage);
    return exitCodes.ok;
  }
  if (parsed.positionals.length > 1) {
    return usageError(context, `Unexpected argument \`${parsed.positionals[1]}\`, expected at most one folder`, commandUsage[command] ?? usage);
  }
  const target = parsed.positionals[0] ?? '.';
  if (command === 'check') {
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'json') {
      return usageError(context, `Unexpected \`--format ${format}\`, expected \`text\` or \`json\``, commandUsage.check ?? usage);
    }
    return runCheck({ root: target, format, compile: !values['config-only'] }, context);
  }
  if (command === 'build') {
    const help = commandUsage.build ?? usage;
    const adapter = values.adapter;
    if (adapter !== undefined && !(adapterNames as readonly string[]).includes(adapter)) {
      return usageError(context, `Unexpected \`--adapter ${adapter}\`, expected one of ${adapterNames.map((name) => `\`${name}\``).join(', ')}`, help);
    }
    const workers = values.workers === undefined ? undefined : Number(values.workers);
    if (workers !== undefined && (!Number.isInteger(workers) || workers < 0 || workers > 64)) {
      return usageError(context, `Unexpected \`--workers ${values.workers}\`, expected a whole number from 0 to 64`, help);
    }
    const siteUrl = values['site-url'] ?? (context.env.DOCSGEN_SITE_URL || undefined);
    if (siteUrl !== undefined && !isHttpUrl(siteUrl)) {
      const from = values['site-url'] === undefined ? 'DOCSGEN_SITE_URL' : '--site-url';
      return usageError(context, `Unexpected ${from} \`${siteUrl}\`, expected an absolute http:// or https:// URL`, help);
    }
    return runBuild(
      { root: target, out: values.out, adapter: adapter as AdapterName | undefined, siteUrl, workers, cache: values['no-cache'] !== true },
      context,
    );
  }
  if (command === 'dev' || command === 'preview') {
    const serve = parseServeOptions(parsed.values);
    if ('error' in serve) return usageError(context, serve.error, commandUsage[command] ?? usage);
    const out = parsed.values.out;
    if (command === 'preview') return runPreview({ root: target, out: typeof out === 'string' ? out : undefined, ...serve }, context);
    return runDev({ root: target, ...serve }, context);
  }
  if (command === 'mcp') return runMcp({ root: target, out: typeof parsed.values.out === 'string' ? parsed.values.out : undefined, cache: parsed.values['no-cache'] !== true }, context);
  return runInit({ dir: target }, context);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function usageError(context: MainContext, reason: string, help: string): number {
  context.stderr.write(`docsgen: ${reason}\n\n${help}`);
  return exitCodes.usage;
}
