import { extname } from 'node:path';

// A Map, not an object, so names like `x.constructor` cannot hit a prototype property.
const contentTypes = new Map<string, string>([
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.gif', 'image/gif'],
  ['.svg', 'image/svg+xml'],
  ['.webp', 'image/webp'],
  ['.ico', 'image/x-icon'],
  ['.css', 'text/css; charset=utf-8'],
  ['.js', 'text/javascript; charset=utf-8'],
  ['.json', 'application/json; charset=utf-8'],
  ['.yaml', 'application/yaml; charset=utf-8'],
  ['.yml', 'application/yaml; charset=utf-8'],
  ['.txt', 'text/plain; charset=utf-8'],
  ['.woff', 'font/woff'],
  ['.woff2', 'font/woff2'],
  ['.ttf', 'font/ttf'],
  ['.otf', 'font/otf'],
  ['.avif', 'image/avif'],
  ['.bmp', 'image/bmp'],
  ['.mp4', 'video/mp4'],
  ['.webm', 'video/webm'],
  ['.mov', 'video/quicktime'],
  ['.ogv', 'video/ogg'],
  ['.ogg', 'audio/ogg'],
  ['.mp3', 'audio/mpeg'],
  ['.wav', 'audio/wav'],
  ['.m4a', 'audio/mp4'],
  ['.pdf', 'application/pdf'],
]);

/**
 * Content type that is sent for a served file, by extension (case-insensitive).
 *
 * Anything not in the table, `.html` included, is `application/octet-stream`: with
 * `X-Content-Type-Options: nosniff` a browser downloads it rather than running it on the
 * docs origin.
 *
 * @param fileName
 *   File name or path.
 * @returns
 *   A `Content-Type` header value.
 */
export function lookupContentType(fileName: string): string {
  return contentTypes.get(extname(fileName).toLowerCase()) ?? 'application/octet-stream';
}
