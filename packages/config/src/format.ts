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

export interface FormatCodeFrameOptions {
  /** Lines shown before and after the one with the problem (default: 2). */
  context?: number | null | undefined;
}

/**
 * The lines around a problem, numbered, with `>` on the problem's line and a `^` under its
 * column, as plain text (escape it before putting it in HTML):
 *
 * ```text
 *   2 |
 * > 3 | Value: {1 +}
 *     |            ^
 *   4 | More text.
 * ```
 *
 * Tabs in the problem line before the column are kept in the caret line, so the caret stays
 * under the character in any tab width. Returns an empty string when `line` is outside the text.
 */
export function formatCodeFrame(source: string, line: number, column?: number | null, options?: FormatCodeFrameOptions | null): string {
  const lines = source.split(/\r\n|\r|\n/);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) return '';
  const context = options?.context ?? 2;
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let number = first; number <= last; number += 1) {
    // Very long lines (minified JSON) are cut, so one frame never holds a whole file.
    const text = (lines[number - 1] ?? '').slice(0, 300);
    out.push(`${number === line ? '>' : ' '} ${String(number).padStart(width)} |${text === '' ? '' : ` ${text}`}`);
    if (number === line && column != null && column >= 1 && column <= text.length + 1) {
      const lead = text.slice(0, column - 1).replace(/[^\t]/g, ' ');
      out.push(`  ${' '.repeat(width)} | ${lead}^`);
    }
  }
  return out.join('\n');
}
