import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createStaticServer } from '../src/index.js';
import { createProject, png, sendRaw } from './project.js';

const project = createProject();
const server = createStaticServer({ root: project.root });
let port = 0;

test.before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

test.after(async () => {
  await new Promise((resolve) => server.close(resolve));
  project.remove();
});

// Every line is sent byte for byte; none of them may reach a file outside `images/`,
// a dotfile, or the sibling folders `imagesX/` and `images-evil/`.
const hostile: Array<[string, number]> = [
  ['GET /images/../docs.json HTTP/1.1', 400],
  ['GET /images/../../../../etc/passwd HTTP/1.1', 400],
  ['GET /images/%2e%2e/docs.json HTTP/1.1', 400],
  ['GET /images/%2E%2E/docs.json HTTP/1.1', 400],
  ['GET /images/.%2e/docs.json HTTP/1.1', 400],
  ['GET /images/%252e%252e/docs.json HTTP/1.1', 404],
  ['GET /images/..%2fdocs.json HTTP/1.1', 400],
  ['GET /images/%2e%2e%2fdocs.json HTTP/1.1', 400],
  ['GET /images/..%5cdocs.json HTTP/1.1', 400],
  ['GET /images/..%5c..%5cdocs.json HTTP/1.1', 400],
  ['GET /images/..\\docs.json HTTP/1.1', 400],
  ['GET /images\\..\\docs.json HTTP/1.1', 400],
  ['GET /images/%c0%ae%c0%ae/docs.json HTTP/1.1', 400],
  ['GET /images/%c0%ae%c0%ae%c0%afdocs.json HTTP/1.1', 400],
  ['GET /images/%e0%80%ae%e0%80%ae/docs.json HTTP/1.1', 400],
  ['GET /images/%00.png HTTP/1.1', 400],
  ['GET /images/logo.png%00.txt HTTP/1.1', 400],
  ['GET /images/a%zz HTTP/1.1', 400],
  ['GET /images/a% HTTP/1.1', 400],
  ['GET /images/.env HTTP/1.1', 404],
  ['GET /images/.git/config HTTP/1.1', 404],
  ['GET /images/%2egit/config HTTP/1.1', 404],
  ['GET /imagesX/secret.txt HTTP/1.1', 404],
  ['GET /images-evil/secret.txt HTTP/1.1', 404],
  ['GET /images/escape.txt HTTP/1.1', 404],
  ['GET /images/escape-absolute.json HTTP/1.1', 404],
  ['GET /images/escape-dir/docs.json HTTP/1.1', 404],
  ['GET /images/to-dotfile.txt HTTP/1.1', 404],
  ['GET /images//etc/passwd HTTP/1.1', 400],
  ['GET /images/%2fetc%2fpasswd HTTP/1.1', 400],
  ['GET /images/./logo.png HTTP/1.1', 400],
  ['GET /images/logo.png#/../../docs.json HTTP/1.1', 400],
  ['GET http://x/images/../docs.json HTTP/1.1', 400],
  ['GET http://x/images/%2e%2e/docs.json HTTP/1.1', 400],
  ['GET http://x/docs.json HTTP/1.1', 404],
  ['GET * HTTP/1.1', 400],
  ['GET images/logo.png HTTP/1.1', 400],
  ['GET /docs.json HTTP/1.1', 404],
  ['GET /.env HTTP/1.1', 404],
  ['GET /images HTTP/1.1', 404],
  ['GET /images/ HTTP/1.1', 404],
  ['GET /images/sub HTTP/1.1', 404],
  ['GET /%69mages/logo.png HTTP/1.1', 404],
  ['GET /images/' + 'a'.repeat(1000) + ' HTTP/1.1', 404],
  ['GET /images/' + '..%2f'.repeat(900) + 'docs.json HTTP/1.1', 414],
  ['GET /images/' + 'a'.repeat(20000) + ' HTTP/1.1', 431],
  ['GET /images/\u00e9.png HTTP/1.1', 400],
  ['GET /images/\x01.png HTTP/1.1', 400],
  ['POST /images/logo.png HTTP/1.1', 405],
  ['PUT /images/logo.png HTTP/1.1', 405],
  ['DELETE /images/logo.png HTTP/1.1', 405],
  ['OPTIONS * HTTP/1.1', 405],
];

for (const [line, status] of hostile) {
  test(`should answer ${status} to \`${line.slice(0, 70)}\``, async () => {
    const response = await sendRaw(port, line);
    assert.is(response.status, status);
    // Nothing from outside the asset folders, no dotfile content, in any answer.
    const body = response.body.toString('latin1');
    for (const secret of ['secret-config', 'outside', 'sibling', 'TOKEN', '[core]', 'root:']) {
      assert.not.match(body, secret);
    }
  });
}

test('should send a plain status body with nosniff on errors', async () => {
  const response = await sendRaw(port, 'GET /images/../docs.json HTTP/1.1');
  assert.is(response.body.toString(), '400 Bad Request\n');
  assert.is(response.headers['content-type'], 'text/plain; charset=utf-8');
  assert.is(response.headers['x-content-type-options'], 'nosniff');
});

test('should send Allow with 405', async () => {
  const response = await sendRaw(port, 'POST /images/logo.png HTTP/1.1');
  assert.is(response.headers.allow, 'GET, HEAD');
});

test('should serve a png with its content type, length and nosniff', async () => {
  const response = await sendRaw(port, 'GET /images/logo.png HTTP/1.1');
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'image/png');
  assert.is(response.headers['content-length'], String(png.length));
  assert.is(response.headers['x-content-type-options'], 'nosniff');
  assert.is(response.headers['content-security-policy'], undefined);
  assert.equal(response.body, png);
});

test('should sandbox svg with a content security policy', async () => {
  const response = await sendRaw(port, 'GET /images/diagram.svg HTTP/1.1');
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'image/svg+xml');
  assert.is(
    response.headers['content-security-policy'],
    "sandbox; default-src 'none'; style-src 'unsafe-inline'",
  );
});

test('should answer HEAD with the headers of GET and no body', async () => {
  const response = await sendRaw(port, 'HEAD /images/style.css HTTP/1.1');
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'text/css; charset=utf-8');
  assert.is(response.headers['content-length'], '6');
  assert.is(response.body.length, 0);
});

test('should answer HEAD errors without a body', async () => {
  const response = await sendRaw(port, 'HEAD /images/.env HTTP/1.1');
  assert.is(response.status, 404);
  assert.is(response.body.length, 0);
});

test('should serve html as a download, not a page', async () => {
  const response = await sendRaw(port, 'GET /images/page.html HTTP/1.1');
  assert.is(response.status, 200);
  assert.is(response.headers['content-type'], 'application/octet-stream');
});

const served: Array<[string, string, string]> = [
  ['GET /images/sub/nested.txt?v=../../docs.json HTTP/1.1', 'text/plain; charset=utf-8', 'nested'],
  ['GET /images/inside-link.png HTTP/1.1', 'image/png', png.toString('latin1')],
  ['GET /images/a%20b.txt HTTP/1.1', 'text/plain; charset=utf-8', 'space'],
  ['GET /images/%2541.txt HTTP/1.1', 'text/plain; charset=utf-8', 'literal percent name'],
  ['GET /images/%E6%96%87%E6%A1%A3.txt HTTP/1.1', 'text/plain; charset=utf-8', 'cjk'],
  ['GET http://x/images/sub/nested.txt HTTP/1.1', 'text/plain; charset=utf-8', 'nested'],
  ['GET /public/robots.txt HTTP/1.1', 'text/plain; charset=utf-8', 'User-agent: *'],
  ['GET /assets/app.js HTTP/1.1', 'text/javascript; charset=utf-8', 'export {}'],
];

for (const [line, type, body] of served) {
  test(`should serve \`${line}\``, async () => {
    const response = await sendRaw(port, line);
    assert.is(response.status, 200);
    assert.is(response.headers['content-type'], type);
    assert.is(response.body.toString('latin1'), body);
  });
}

test('should serve an empty file', async () => {
  const response = await sendRaw(port, 'GET /images/empty.txt HTTP/1.1');
  assert.is(response.status, 200);
  assert.is(response.headers['content-length'], '0');
  assert.is(response.body.length, 0);
});

test('should answer 404 for a default prefix whose folder is missing', async () => {
  assert.is((await sendRaw(port, 'GET /static/logo.png HTTP/1.1')).status, 404);
  assert.is((await sendRaw(port, 'GET /logo/logo.png HTTP/1.1')).status, 404);
});

test('should serve only the prefixes it is given', async () => {
  const only = createStaticServer({ root: project.root, prefixes: ['public'] });
  await new Promise<void>((resolve) => only.listen(0, '127.0.0.1', resolve));
  const onlyPort = (only.address() as AddressInfo).port;
  assert.is((await sendRaw(onlyPort, 'GET /public/robots.txt HTTP/1.1')).status, 200);
  assert.is((await sendRaw(onlyPort, 'GET /images/logo.png HTTP/1.1')).status, 404);
  await new Promise((resolve) => only.close(resolve));
});

test('should reject a relative root and unsafe prefixes', () => {
  assert.throws(
    () => createStaticServer({ root: 'docs' }),
    /Cannot create static server: `options.root` is `docs`, expected an absolute path/,
  );
  for (const prefix of ['..', '.git', 'a/b', '', 'a b']) {
    assert.throws(
      () => createStaticServer({ root: project.root, prefixes: [prefix] }),
      (error: unknown) => error instanceof TypeError && error.message.includes(`prefix \`${prefix}\``),
    );
  }
});

test.run();
