// Builds a throwaway project on disk for the dev-server tests, and sends raw HTTP.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The first bytes of a PNG file, enough to tell it from text.
export const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function createProject(): { root: string; remove: () => void } {
  // realpath: on macOS the temp folder itself sits behind a symlink.
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'docsgen-dev-server-')));
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };

  write('docs.json', '{"name":"secret-config"}');
  write('secret.txt', 'outside');
  write('.env', 'ROOT_TOKEN=1');
  write('images/logo.png', png);
  write('images/diagram.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  write('images/style.css', 'body{}');
  write('images/page.html', '<script>alert(1)</script>');
  write('images/sub/nested.txt', 'nested');
  write('images/empty.txt', '');
  write('images/%41.txt', 'literal percent name');
  write('images/a b.txt', 'space');
  write('images/文档.txt', 'cjk');
  write('images/.env', 'TOKEN=1');
  write('images/.git/config', '[core]');
  write('imagesX/secret.txt', 'sibling');
  write('images-evil/secret.txt', 'sibling');
  write('public/robots.txt', 'User-agent: *');
  write('assets/app.js', 'export {}');
  symlinkSync('logo.png', join(root, 'images/inside-link.png'));
  symlinkSync('../secret.txt', join(root, 'images/escape.txt'));
  symlinkSync(join(root, 'docs.json'), join(root, 'images/escape-absolute.json'));
  symlinkSync('..', join(root, 'images/escape-dir'));
  symlinkSync('.env', join(root, 'images/to-dotfile.txt'));
  symlinkSync('sub', join(root, 'images/sub-link'));
  symlinkSync('missing.png', join(root, 'images/dangling.png'));
  symlinkSync('images', join(root, 'linked-images'));

  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Send `<requestLine>\r\nHost: …\r\nConnection: close\r\n\r\n` byte for byte over a
 * socket, so nothing normalises `..` or re-encodes the target on the way.
 */
export function sendRaw(port: number, requestLine: string | Buffer): Promise<RawResponse> {
  return sendBytes(
    port,
    Buffer.concat([
      typeof requestLine === 'string' ? Buffer.from(requestLine, 'latin1') : requestLine,
      Buffer.from('\r\nHost: localhost\r\nConnection: close\r\n\r\n', 'latin1'),
    ]),
  );
}

/**
 * Send a whole request, head and body, exactly as given (it should ask for
 * `Connection: close`), and read the answer until the server closes the connection.
 */
export function sendBytes(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    // The server closes the connection after its answer (`Connection: close`). Writing with
    // `end()` instead would half-close first, and node:http aborts a request on a half-close.
    socket.on('end', () => {
      socket.end();
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};

      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }

      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: raw.subarray(split + 4) });
    });
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request);
  });
}
