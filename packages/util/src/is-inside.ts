import { isAbsolute, relative, sep } from 'node:path';

/**
 * Whether `path` is `root` or below it. Both are absolute paths with `..` segments already
 * resolved away; a sibling that only shares the prefix (`/site-old` for `/site`) is outside.
 */
export function isInside(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${sep}`));
}
