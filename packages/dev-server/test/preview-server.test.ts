import { adapterFiles, notFoundRedirectScript, type AdapterName, type RedirectRule } from '@docsgen/core';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPreviewServer, type PreviewServer } from '../src/index.js';
import { png, sendBytes, sendRaw, type RawResponse } from './project.js';

const redirects: RedirectRule[] = [
  { source: '/old', destination: '/guides/intro' },
  { source: '/temp', destination: '/guides/intro', permanent: false },
  { source: '/docs/:slug', destination: '/guides/:slug' },
  { source: '/api/:path*', destination: '/reference/:path*', permanent: false },
  { source: '/away/:slug', destination: 'https://example.com/kb/:slug' },
];

const temporaryFolders: string[] = [];

/** An output folder as `docsgen build` writes it, with the adapter's files from `adapterFiles`. */
function writeOutput(adapter: AdapterName): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `docsgen-preview-${adapter}-`)));
  temporaryFolders.push(root);
  const out = join(root, 'dist');
  const write = (path: string, content: string | Buffer) => {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), content);
  };
  const notFound = '<!doctype html>\n<html><head><title>Page not found</title></head><body><h1>Page not found</h1>\n</body></html>\n';
  const files: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>Home</title>',
    'index.md': '# Home\n',
    'guides/intro.html': '<!doctype html><title>Intro</title>',
    'guides/intro.md': '# Intro\n',
    'reference/index.html': '<!doctype html><title>Reference</title>',
    '404.html': adapter === 'static' || adapter === 'github-pages' ? notFound.replace('</body>', `${notFoundRedirectScript(redirects)}\n</body>`) : notFound,
    'sitemap.xml': '<?xml version="1.0"?><urlset/>',
    'images/logo.png': png,
    'images/page.html': '<script>alert(1)</script>',
    '_docsgen/content.css': '.dg-content{}',
    '.docsgen-output': 'docsgen build output\n',
    '.env': 'TOKEN=1',
  };
  for (const [path, content] of Object.entries(files)) write(path, content);
  for (const file of adapterFiles(adapter, { redirects, files: new Set(Object.keys(files)) }).files) write(file.path, file.content);
  writeFileSync(join(root, 'secret.html'), 'outside');
  symlinkSync('../secret.html', join(out, 'leak.html'));
  symlinkSync('.env', join(out, 'env.html'));
  return out;
}

/** Runs `check` against a preview server of `folder` on a free port, and always stops it. */
async function withServer(folder: string, check: (port: number) => Promise<void>, allowedHosts: string[] = []): Promise<void> {
  const preview: PreviewServer = createPreviewServer({ folder, allowedHosts });
  await new Promise<void>((resolve) => preview.server.listen(0, '127.0.0.1', resolve));
  try {
    await check((preview.server.address() as AddressInfo).port);
  } finally {
    await preview.close();
  }
}

/** A raw request with the given `Host` header (or none). */
function sendWithHost(port: number, requestLine: string, host: string | undefined): Promise<RawResponse> {
  return sendBytes(port, `${requestLine}\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);
}

const preview = suite('preview server');

preview.after(() => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

preview('should serve a build output folder with clean URLs, twins, assets and the 404 page', async () => {
  const folder = writeOutput('static');
  await withServer(folder, async (port) => {
    const cases: Array<[string, number, string | undefined, string]> = [
      ['GET / HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Home</title>'],
      ['GET /index HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Home</title>'],
      ['GET /guides/intro HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Intro</title>'],
      ['GET /guides/intro/ HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Intro</title>'],
      ['GET /guides/intro.html HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Intro</title>'],
      ['GET /guides/intro?x=1 HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Intro</title>'],
      ['GET /guides/intro.md HTTP/1.1', 200, 'text/markdown; charset=utf-8', '# Intro\n'],
      ['GET /index.md HTTP/1.1', 200, 'text/markdown; charset=utf-8', '# Home\n'],
      ['GET /reference HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Reference</title>'],
      ['GET /reference/ HTTP/1.1', 200, 'text/html; charset=utf-8', '<title>Reference</title>'],
      ['GET /sitemap.xml HTTP/1.1', 200, 'application/xml; charset=utf-8', '<urlset/>'],
      ['GET /images/logo.png HTTP/1.1', 200, 'image/png', png.toString('utf8')],
      ['GET /images/page.html HTTP/1.1', 200, 'application/octet-stream', '<script>'],
      ['GET /_docsgen/content.css HTTP/1.1', 200, 'text/css; charset=utf-8', '.dg-content{}'],
      ['GET /old HTTP/1.1', 200, 'text/html; charset=utf-8', '<meta http-equiv="refresh" content="0; url=/guides/intro">'],
      ['GET /nope HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
      ['GET /guides/nope.md HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
      ['GET /docs/x HTTP/1.1', 404, 'text/html; charset=utf-8', '<script>(function(){var r='],
      ['GET /.docsgen-output HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
      ['GET /.env HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
      ['GET /env HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
      ['GET /leak HTTP/1.1', 404, 'text/html; charset=utf-8', 'Page not found'],
      ['POST /guides/intro HTTP/1.1\r\nContent-Length: 0', 405, 'text/plain; charset=utf-8', '405 Method Not Allowed'],
    ];
    for (const [line, status, type, body] of cases) {
      const response = await sendRaw(port, line);
      assert.is(response.status, status, line);
      assert.is(response.headers['content-type'], type, line);
      assert.is(response.headers['x-content-type-options'], 'nosniff', line);
      assert.ok(response.body.toString('utf8').includes(body), `${line}: ${response.body.toString('utf8').slice(0, 200)}`);
    }
    const head = await sendRaw(port, 'HEAD /guides/intro HTTP/1.1');
    assert.is(head.status, 200);
    assert.is(head.body.length, 0);
    assert.is(head.headers['content-length'], String('<!doctype html><title>Intro</title>'.length));
    const range = await sendRaw(port, 'GET /guides/intro HTTP/1.1\r\nRange: bytes=0-8');
    assert.is(range.status, 206);
    assert.is(range.body.toString(), '<!doctype');
    const notFound = await sendRaw(port, 'GET /nope HTTP/1.1\r\nRange: bytes=0-3');
    assert.is(notFound.status, 404, 'the 404 page is sent whole');
    assert.is(notFound.headers.etag, undefined);
  });
});

preview('should send text compressed as a static host does, per Accept-Encoding, and plain bytes for ranges', async () => {
  const folder = writeOutput('static');
  // Text of 1 KB or more is compressed; the small pages above are not.
  const page = `<!doctype html><title>Long</title>${'<p>Words that repeat, as pages do.</p>'.repeat(200)}`;
  writeFileSync(join(folder, 'long.html'), page);
  writeFileSync(join(folder, 'big.png'), Buffer.concat(Array.from({ length: 100 }, () => png)));
  writeFileSync(join(folder, 'huge.json'), Buffer.alloc(17 * 1024 * 1024, 0x20));
  await withServer(folder, async (port) => {
    const get = (encoding: string, extra = '') => sendRaw(port, `GET /long HTTP/1.1\r\nAccept-Encoding: ${encoding}${extra}`);
    const br = await get('gzip, deflate, br');
    assert.is(br.status, 200);
    assert.is(br.headers['content-encoding'], 'br');
    assert.is(br.headers.vary, 'Accept-Encoding');
    assert.is(br.headers['content-length'], String(br.body.length));
    assert.ok(br.body.length < page.length / 5, `${br.body.length} bytes`);
    assert.is(brotliDecompressSync(br.body).toString(), page);
    assert.match(br.headers.etag ?? '', /-br"$/);
    assert.is(br.headers['accept-ranges'], undefined, 'no ranges of the compressed bytes');

    const gzip = await get('br;q=0, gzip');
    assert.is(gzip.headers['content-encoding'], 'gzip');
    assert.is(gunzipSync(gzip.body).toString(), page);
    assert.is.not(gzip.headers.etag, br.headers.etag, 'each coding has its own validator');

    for (const refused of ['identity', 'br;q=0, gzip;q=0', '*;q=0', 'compress']) {
      const plain = await get(refused);
      assert.is(plain.headers['content-encoding'], undefined, refused);
      assert.is(plain.body.toString(), page, refused);
      assert.is(plain.headers.vary, 'Accept-Encoding', refused);
    }
    assert.is((await get('*')).headers['content-encoding'], 'br', '`*` accepts any coding');

    const fresh = await get('br', `\r\nIf-None-Match: ${br.headers.etag}`);
    assert.is(fresh.status, 304);
    assert.is((await get('gzip', `\r\nIf-None-Match: ${br.headers.etag}`)).status, 200, 'the other coding is another representation');

    const head = await sendRaw(port, 'HEAD /long HTTP/1.1\r\nAccept-Encoding: br');
    assert.is(head.headers['content-encoding'], 'br');
    assert.is(head.headers['content-length'], String(br.body.length));
    assert.is(head.body.length, 0);

    const range = await get('br', '\r\nRange: bytes=0-8');
    assert.is(range.status, 206);
    assert.is(range.headers['content-encoding'], undefined);
    assert.is(range.body.toString(), '<!doctype');

    const small = await sendRaw(port, 'GET /guides/intro HTTP/1.1\r\nAccept-Encoding: br');
    assert.is(small.headers['content-encoding'], undefined, 'a page under 1 KB is sent as it is');
    const huge = await sendRaw(port, 'HEAD /huge.json HTTP/1.1\r\nAccept-Encoding: br');
    assert.is(huge.headers['content-encoding'], undefined, 'text over 16 MB is streamed as it is, not compressed in memory');
    assert.is(huge.headers['content-length'], String(17 * 1024 * 1024));
    const image = await sendRaw(port, 'GET /big.png HTTP/1.1\r\nAccept-Encoding: br');
    assert.is(image.headers['content-encoding'], undefined, 'images are not compressed again');
    assert.is(image.headers.vary, undefined);

    const missing = await sendRaw(port, 'GET /nope HTTP/1.1\r\nAccept-Encoding: gzip');
    assert.is(missing.status, 404);
    assert.is(missing.headers['content-encoding'], 'gzip', 'the 404 page too');
    assert.match(gunzipSync(missing.body).toString(), 'Page not found');
  });
});

const redirectCases: Record<'netlify' | 'cloudflare' | 'vercel', [permanent: number, temporary: number]> = {
  netlify: [301, 302],
  cloudflare: [308, 307],
  vercel: [308, 307],
};

for (const [adapter, [permanent, temporary]] of Object.entries(redirectCases) as Array<[keyof typeof redirectCases, [number, number]]>) {
  preview(`should apply the redirects of the ${adapter} output with its statuses`, async () => {
    await withServer(writeOutput(adapter), async (port) => {
      const cases: Array<[string, number, string]> = [
        ['GET /old HTTP/1.1', permanent, '/guides/intro'],
        ['GET /old/ HTTP/1.1', permanent, '/guides/intro'],
        ['GET /temp?ref=x HTTP/1.1', temporary, '/guides/intro?ref=x'],
        ['GET /docs/setup HTTP/1.1', permanent, '/guides/setup'],
        ['GET /docs/a%3Fb HTTP/1.1', permanent, '/guides/a%3Fb'],
        ['GET /api/users/get HTTP/1.1', temporary, '/reference/users/get'],
        ['GET /api//evil.example HTTP/1.1', temporary, '/reference//evil.example'],
        ['GET /away/%40evil.example HTTP/1.1', permanent, 'https://example.com/kb/%40evil.example'],
        ['POST /old HTTP/1.1\r\nContent-Length: 0', permanent, '/guides/intro'],
      ];
      for (const [line, status, location] of cases) {
        const response = await sendRaw(port, line);
        assert.is(response.status, status, `${adapter} ${line}`);
        assert.is(response.headers.location, location, `${adapter} ${line}`);
      }
      const hidden = await sendRaw(port, `GET /${adapter === 'vercel' ? 'vercel.json' : '_redirects'} HTTP/1.1`);
      assert.is(hidden.status, 404, 'the adapter file itself is not served');
      assert.is((await sendRaw(port, 'GET /guides/intro HTTP/1.1')).status, 200);
    });
  });
}

preview('should read the adapter file again after a new build', async () => {
  const folder = writeOutput('netlify');
  await withServer(folder, async (port) => {
    assert.is((await sendRaw(port, 'GET /fresh HTTP/1.1')).status, 404);
    writeFileSync(join(folder, '_redirects'), '/fresh /guides/intro 302!\n');
    const response = await sendRaw(port, 'GET /fresh HTTP/1.1');
    assert.is(response.status, 302);
    assert.is(response.headers.location, '/guides/intro');
    assert.is((await sendRaw(port, 'GET /old HTTP/1.1')).status, 404, 'the old rules are gone, and /old has no page');
  });
});

// Every line is sent byte for byte; none may reach a file outside the output, or a dotfile.
const hostile: Array<[string, number]> = [
  ['GET /../secret.html HTTP/1.1', 400],
  ['GET /%2e%2e/secret.html HTTP/1.1', 400],
  ['GET /guides/..%2f..%2fsecret.html HTTP/1.1', 400],
  ['GET /guides/%2e%2e%2f%2e%2e%2fsecret HTTP/1.1', 400],
  ['GET /..%5csecret.html HTTP/1.1', 400],
  ['GET /%c0%ae%c0%ae/secret.html HTTP/1.1', 400],
  ['GET /a%00.html HTTP/1.1', 400],
  ['GET /a%zz HTTP/1.1', 400],
  ['GET //secret.html HTTP/1.1', 400],
  ['GET /guides//intro HTTP/1.1', 400],
  ['GET /.env HTTP/1.1', 404],
  ['GET /%2eenv HTTP/1.1', 404],
  ['GET /leak.html HTTP/1.1', 404],
  ['GET /env.html HTTP/1.1', 404],
  ['GET /guides/intro.html#/../../secret HTTP/1.1', 400],
  ['GET http://x/../secret.html HTTP/1.1', 400],
  ['GET * HTTP/1.1', 400],
  ['GET secret.html HTTP/1.1', 400],
  ['GET /\u00e9 HTTP/1.1', 400],
  ['GET /' + 'a'.repeat(5000) + ' HTTP/1.1', 414],
];

preview('should refuse hostile request lines with exact statuses and leak nothing', async () => {
  await withServer(writeOutput('static'), async (port) => {
    for (const [line, status] of hostile) {
      const response = await sendRaw(port, line);
      assert.is(response.status, status, line.slice(0, 80));
      const body = response.body.toString('latin1');
      assert.not.match(body, 'outside', line.slice(0, 80));
      assert.not.match(body, 'TOKEN', line.slice(0, 80));
    }
  });
});

preview('should answer only requests addressed to this machine (DNS rebinding)', async () => {
  await withServer(writeOutput('static'), async (port) => {
    const cases: Array<[string | undefined, number]> = [
      ['localhost', 200],
      ['localhost:4173', 200],
      ['LOCALHOST.', 200],
      ['app.localhost:1', 200],
      ['127.0.0.1:8080', 200],
      ['[::1]:8080', 200],
      ['192.168.1.20', 200],
      ['docs.test', 200],
      ['a.lan.test:3000', 200],
      ['lan.test', 200],
      ['evil.example', 403],
      ['localhost.evil.example', 403],
      ['docs.test.evil.example', 403],
      ['[::1', 403],
      ['[evil]:80', 403],
      ['evil.example:80:80', 403],
      ['', 403],
    ];
    for (const [host, status] of cases) {
      const response = await sendWithHost(port, 'GET /guides/intro HTTP/1.1', host);
      assert.is(response.status, status, `Host: ${host}`);
      if (status === 403) assert.not.match(response.body.toString(), 'Intro', `Host: ${host}`);
    }
    // HTTP/1.1 requires `Host`; node:http answers 400 before the server sees it.
    assert.is((await sendWithHost(port, 'GET /guides/intro HTTP/1.1', undefined)).status, 400);
    assert.is((await sendWithHost(port, 'GET /old HTTP/1.1', 'evil.example')).status, 403, 'redirect pages too');
  }, ['docs.test', '.lan.test']);
});

preview('should answer a plain 404 when the folder has no 404.html', async () => {
  const folder = writeOutput('vercel');
  rmSync(join(folder, '404.html'));
  await withServer(folder, async (port) => {
    const response = await sendRaw(port, 'GET /nope HTTP/1.1');
    assert.is(response.status, 404);
    assert.is(response.body.toString(), '404 Not Found\n');
  });
});

preview('should refuse a relative folder', () => {
  assert.throws(() => createPreviewServer({ folder: 'dist' }), /Cannot create preview server: `options.folder` is `dist`, expected an absolute path/);
});

preview.run();
