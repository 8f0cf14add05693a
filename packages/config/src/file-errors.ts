export function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Short OS reason for a file error, e.g. "permission denied (EACCES)". */
export function describeError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const known: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'it is a directory, expected a file',
    ELOOP: 'too many symbolic links',
    EMFILE: 'too many open files',
  };
  if (typeof code === 'string' && known[code]) return `${known[code]} (${code})`;
  const text = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}
