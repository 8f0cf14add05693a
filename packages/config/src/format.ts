import { relative, sep } from 'node:path';
import type { DocsgenMessage } from './message.js';

export interface FormatMessageLineOptions {
  /** Folder that file paths are shown relative to (default: paths as they are). */
  cwd?: string | null | undefined;
}

/**
 * Formats a message as one line, the format of `docsgen check` and of the fixtures:
 * `docs.json:3:14  error  Unexpected `red` in `colors.primary`, …  [invalid-hex-color]`.
 * Parts that are unknown (file, line) are left out. The note (a did-you-mean or how to fix
 * it) follows the reason, so the one line says everything.
 */
export function formatMessageLine(message: DocsgenMessage, options?: FormatMessageLineOptions | null): string {
  let place = '';
  if (message.file) {
    place = options?.cwd ? relative(options.cwd, message.file).split(sep).join('/') || '.' : message.file;
  }
  if (message.line !== undefined) place += `:${message.line}:${message.column ?? 1}`;
  const reason = message.note ? `${message.reason}. ${message.note}` : message.reason;
  const parts = [place, message.fatal ? 'error' : 'warning', reason, `[${message.ruleId}]`];
  return parts.filter((part) => part !== '').join('  ');
}
