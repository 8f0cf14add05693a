import { formatMessageLine } from '@docsgen/config';
import { relative, resolve } from 'node:path';
import { exitCodes, type MainContext } from './main.js';

export interface CheckCommandOptions {
  /** Project folder, relative to the working directory. */
  root: string;
  /** `text`: one line per message and a summary; `json`: the same data as JSON. */
  format: 'text' | 'json';
  /** Compile and render every page too (default: `true`). */
  compile?: boolean | undefined;
}

/** `docsgen check`: prints every message and returns 1 when any is an error. */
export async function runCheck(options: CheckCommandOptions, context: MainContext): Promise<number> {
  const root = resolve(context.cwd, options.root);
  // Loaded here, not with the command line: `docsgen build` and `dev` do not check.
  const { checkProject } = await import('@docsgen/core/check');
  const result = await checkProject(root, { compile: options.compile !== false });
  const errors = result.messages.filter((message) => message.fatal).length;
  const warnings = result.messages.length - errors;
  const summary = { errors, warnings, pages: result.pages.length };

  if (options.format === 'json') {
    context.stdout.write(`${JSON.stringify({ root, messages: result.messages, summary }, null, 2)}\n`);
  } else {
    for (const message of result.messages) {
      context.stdout.write(`${formatMessageLine(message, { cwd: context.cwd })}\n`);
    }
    const where = relative(context.cwd, root) || '.';
    const pages = `${result.pages.length} ${result.pages.length === 1 ? 'page' : 'pages'}`;
    if (result.messages.length > 0) context.stdout.write('\n');
    context.stdout.write(
      result.messages.length === 0
        ? `${where}: no problems (${pages} checked)\n`
        : `${where}: ${count(errors, 'error')}, ${count(warnings, 'warning')} (${pages} checked)\n`,
    );
  }
  return errors > 0 ? exitCodes.failure : exitCodes.ok;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
