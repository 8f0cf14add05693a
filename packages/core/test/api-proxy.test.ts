import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyAddress, createFetchSend, createNodeSend, handleProxyRequest, isLocalOrigin, type ProxyOptions, type ResolveHost } from '../src/index.js';
import { errorOf, proxyRequest, startMockApi, type MockApi } from './api-proxy-mock.js';

const proxy = suite('api proxy');

let api: MockApi;
let other: MockApi;
proxy.before(async () => {
  api = await startMockApi();
  other = await startMockApi();
});
proxy.after(async () => {
  await api.close();
  await other.close();
});
proxy.before.each(() => {
  api.seen.length = 0;
  other.seen.length = 0;
});

/** A resolver that answers from a table, so tests choose what a host name resolves to. */
const fakeDns = (table: Record<string, string[]>): ResolveHost => async (hostname) => {
  const addresses = table[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const options = (extra?: Partial<ProxyOptions>): ProxyOptions => ({ allowedOrigins: [api.origin], send: createNodeSend(), ...extra });

proxy('should forward the method, headers and body to an allowed origin and pass the answer back', async () => {
  const body = Buffer.from([0, 1, 2, 255, 10]);
  const response = await handleProxyRequest(
    proxyRequest({ method: 'PUT', url: `${api.origin}/echo?x=1&y=%20`, headers: { authorization: 'Bearer t0k', 'x-api-key': 'k', 'content-type': 'application/octet-stream' }, body: body.toString('base64') }),
    options(),
  );
  assert.is(response.status, 201);
  assert.is(response.headers.get('x-docsgen-proxy'), 'upstream');
  assert.is(response.headers.get('x-api-version'), '7');
  assert.is(response.headers.get('content-type'), 'application/json');
  const echoed = (await response.json()) as { method: string; url: string; headers: Record<string, string>; body: string };
  assert.is(echoed.method, 'PUT');
  assert.is(echoed.url, '/echo?x=1&y=%20');
  assert.is(echoed.headers.authorization, 'Bearer t0k');
  assert.is(echoed.headers['x-api-key'], 'k');
  assert.is(echoed.headers['content-type'], 'application/octet-stream');
  assert.is(echoed.headers['content-length'], '5');
  assert.equal(Buffer.from(echoed.body, 'base64'), body);
  assert.is(api.seen.length, 1);
});

proxy('should forward no cookies, origin, referer or hop-by-hop headers, and pass back no set-cookie', async () => {
  const response = await handleProxyRequest(
    proxyRequest(
      { method: 'GET', url: `${api.origin}/echo`, headers: { cookie: 'session=docs', origin: 'http://docs.localhost:3000', referer: 'http://docs.localhost:3000/x', connection: 'x-secret', 'x-secret': '1', 'keep-alive': '5', 'proxy-authorization': 'p', te: 'trailers', upgrade: 'h2c', host: 'evil.example', accept: 'application/json' }, body: null },
      { cookie: 'docs_session=reader' },
    ),
    options(),
  );
  assert.is(response.status, 201);
  const seen = api.seen[0]?.headers ?? {};
  for (const name of ['cookie', 'origin', 'referer', 'x-secret', 'keep-alive', 'proxy-authorization', 'te', 'upgrade']) assert.is(seen[name], undefined, name);
  assert.is(seen.host, `127.0.0.1:${api.port}`);
  assert.is(seen.accept, 'application/json');
  assert.is(response.headers.get('set-cookie'), null);
  assert.is(response.headers.get('x-hop'), null);
  assert.is(response.headers.get('clear-site-data'), null);
  assert.is(response.headers.get('content-security-policy'), "default-src 'none'; sandbox");
});

proxy('should refuse a target whose origin is not allowed, without contacting it', async () => {
  const response = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${other.origin}/echo` }), options());
  assert.is(await errorOf(response), '403 proxy-target-refused');
  // Same host, another port or scheme is another origin.
  assert.is(await errorOf(await handleProxyRequest(proxyRequest({ method: 'GET', url: `https://127.0.0.1:${api.port}/echo` }), options())), '403 proxy-target-refused');
  for (const url of ['file:///etc/passwd', `http://user:pass@127.0.0.1:${api.port}/echo`]) {
    assert.is(await errorOf(await handleProxyRequest(proxyRequest({ method: 'GET', url }), options())), '403 proxy-target-refused', url);
  }
  assert.is(other.seen.length, 0);
  assert.is(api.seen.length, 0);
});

proxy('should refuse a public host name that resolves to a loopback, private or link-local address', async () => {
  for (const address of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1', '::ffff:127.0.0.1', '100.64.0.1', '0.0.0.0']) {
    const response = await handleProxyRequest(
      proxyRequest({ method: 'GET', url: `http://api.example.test:${api.port}/echo` }),
      options({ allowedOrigins: [`http://api.example.test:${api.port}`], send: createNodeSend({ resolveHost: fakeDns({ 'api.example.test': [address] }) }) }),
    );
    assert.is(await errorOf(response), '403 proxy-target-refused', address);
  }
  // One private address among public ones is enough to refuse.
  const mixed = await handleProxyRequest(
    proxyRequest({ method: 'GET', url: `http://api.example.test:${api.port}/echo` }),
    options({ allowedOrigins: [`http://api.example.test:${api.port}`], send: createNodeSend({ resolveHost: fakeDns({ 'api.example.test': ['93.184.216.34', '127.0.0.1'] }) }) }),
  );
  assert.is(await errorOf(mixed), '403 proxy-target-refused');
  assert.is(api.seen.length, 0);
});

proxy('should refuse an allowed origin written as a non-local IP literal (metadata service)', async () => {
  const response = await handleProxyRequest(proxyRequest({ method: 'GET', url: 'http://169.254.169.254/latest/meta-data/' }), options({ allowedOrigins: ['http://169.254.169.254'] }));
  assert.is(await errorOf(response), '403 proxy-target-refused');
  const mapped = await handleProxyRequest(proxyRequest({ method: 'GET', url: 'http://[::ffff:a9fe:a9fe]/' }), options({ allowedOrigins: ['http://[::ffff:a9fe:a9fe]'] }));
  assert.is(await errorOf(mapped), '403 proxy-target-refused');
});

proxy('should let a local allowed origin reach local addresses (local development)', async () => {
  const response = await handleProxyRequest(
    proxyRequest({ method: 'GET', url: `http://localhost:${api.port}/echo` }),
    options({ allowedOrigins: [`http://localhost:${api.port}`], send: createNodeSend({ resolveHost: fakeDns({ localhost: ['127.0.0.1'] }) }) }),
  );
  assert.is(response.status, 201);
  assert.is(api.seen.length, 1);
});

proxy('should follow redirects within the allowed origins, and refuse one that leaves them', async () => {
  const allowed = options({ allowedOrigins: [api.origin, other.origin] });
  const followed = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/redirect?to=${encodeURIComponent(`${other.origin}/echo`)}`, headers: { authorization: 'Bearer t0k', 'x-trace': '1' } }), allowed);
  assert.is(followed.status, 201);
  assert.is(followed.headers.get('x-docsgen-proxy'), 'upstream');
  // Credentials do not follow a redirect to another origin, as in browsers.
  assert.is(other.seen[0]?.headers.authorization, undefined);
  assert.is(other.seen[0]?.headers['x-trace'], '1');

  other.seen.length = 0;
  const refused = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/redirect?to=${encodeURIComponent(`${other.origin}/echo`)}` }), options());
  assert.is(await errorOf(refused), '403 proxy-target-refused');
  assert.is(other.seen.length, 0);
});

proxy('should refuse a redirect to a private or link-local address even when its origin is allowed', async () => {
  const toMetadata = await handleProxyRequest(
    proxyRequest({ method: 'GET', url: `${api.origin}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}` }),
    options({ allowedOrigins: [api.origin, 'http://169.254.169.254'] }),
  );
  assert.is(await errorOf(toMetadata), '403 proxy-target-refused');
  // A public-looking name, allowed, that resolves to a private address after the redirect.
  const toPrivate = await handleProxyRequest(
    proxyRequest({ method: 'GET', url: `${api.origin}/redirect?to=${encodeURIComponent(`http://api.example.test:${other.port}/echo`)}` }),
    options({ allowedOrigins: [api.origin, `http://api.example.test:${other.port}`], send: createNodeSend({ resolveHost: fakeDns({ 'api.example.test': ['10.0.0.7'] }) }) }),
  );
  assert.is(await errorOf(toPrivate), '403 proxy-target-refused');
  assert.is(other.seen.length, 0);
});

proxy('should follow at most five redirects, and turn POST into GET on 303', async () => {
  const looping = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/loop` }), options());
  assert.is(await errorOf(looping), '502 proxy-too-many-redirects');
  assert.is(api.seen.length, 6);
  api.seen.length = 0;
  const seeOther = await handleProxyRequest(
    proxyRequest({ method: 'POST', url: `${api.origin}/redirect?status=303&to=/echo`, headers: { 'content-type': 'text/plain' }, body: Buffer.from('hi').toString('base64') }),
    options(),
  );
  assert.is(seeOther.status, 201);
  assert.equal(api.seen.map((request) => `${request.method} ${request.body.length}`), ['POST 2', 'GET 0']);
});

proxy('should cut off an answer over the size limit with 502, and pass one at the limit', async () => {
  const over = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/bytes?n=1001` }), options({ maxResponseBytes: 1000 }));
  assert.is(await errorOf(over), '502 proxy-too-large');
  const at = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/bytes?n=1000` }), options({ maxResponseBytes: 1000 }));
  assert.is(at.status, 200);
  assert.is((await at.arrayBuffer()).byteLength, 1000);
  assert.is(at.headers.get('content-length'), '1000');
});

proxy('should answer 504 when the API does not answer in time', async () => {
  const response = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/hang` }), options({ timeoutMs: 50 }));
  assert.is(await errorOf(response), '504 proxy-timeout');
});

proxy('should answer 502 when the API cannot be reached', async () => {
  const closed = await startMockApi();
  await closed.close();
  const response = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${closed.origin}/echo` }), options({ allowedOrigins: [closed.origin] }));
  assert.is(await errorOf(response), '502 proxy-upstream-unreachable');
});

proxy('should name the cause of an unreachable API: a refused connection, a name that does not resolve, a timeout', async () => {
  const causeOf = async (response: Response) => ((await response.json()) as { error: { code: string; cause?: string } }).error;
  const closed = await startMockApi();
  await closed.close();
  const refused = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${closed.origin}/echo` }), options({ allowedOrigins: [closed.origin] }));
  assert.equal(await causeOf(refused).then(({ code, cause }) => [code, cause]), ['proxy-upstream-unreachable', 'refused']);
  const nowhere = `http://api.nowhere.test:${api.port}`;
  const dns = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${nowhere}/echo` }), options({ allowedOrigins: [nowhere], send: createNodeSend({ resolveHost: fakeDns({}) }) }));
  assert.equal(await causeOf(dns).then(({ code, cause }) => [code, cause]), ['proxy-upstream-unreachable', 'dns']);
  const slow = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/hang` }), options({ timeoutMs: 50 }));
  assert.equal(await causeOf(slow).then(({ code, cause }) => [code, cause]), ['proxy-timeout', 'timeout']);
});

proxy('should refuse a malformed envelope with 400 and a sentence saying what is wrong', async () => {
  const cases: Array<[unknown, string]> = [
    ['{not json', 'not JSON'],
    ['[1]', 'JSON object'],
    [{ url: `${api.origin}/echo` }, '`method`'],
    [{ method: 'TRACE', url: `${api.origin}/echo` }, '"TRACE"'],
    [{ method: 'GET' }, '`url`'],
    [{ method: 'GET', url: '/relative' }, 'absolute URL'],
    [{ method: 'GET', url: `${api.origin}/echo`, headers: ['a'] }, '`headers`'],
    [{ method: 'GET', url: `${api.origin}/echo`, headers: { 'x-a': 1 } }, 'string value'],
    [{ method: 'GET', url: `${api.origin}/echo`, headers: { 'bad name': 'x' } }, 'valid header'],
    [{ method: 'POST', url: `${api.origin}/echo`, body: 'not base64!' }, 'base64'],
    [{ method: 'GET', url: `${api.origin}/echo`, body: 'aGk=' }, 'cannot have a body'],
  ];
  for (const [envelope, words] of cases) {
    const response = await handleProxyRequest(proxyRequest(envelope), options());
    assert.is(response.status, 400, JSON.stringify(envelope));
    const json = (await response.json()) as { error: { code: string; message: string } };
    assert.is(json.error.code, 'proxy-request-invalid');
    assert.ok(json.error.message.includes(words), `${json.error.message} should mention ${words}`);
  }
  const notJson = await handleProxyRequest(new Request('http://docs.localhost/_docsgen/proxy', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }), options());
  assert.is(await errorOf(notJson), '415 proxy-request-invalid');
  assert.is(api.seen.length, 0);
});

proxy('should refuse a request body over the limit with 413', async () => {
  const response = await handleProxyRequest(proxyRequest({ method: 'POST', url: `${api.origin}/echo`, body: Buffer.alloc(11).toString('base64') }), options({ maxRequestBytes: 10 }));
  assert.is(await errorOf(response), '413 proxy-request-too-large');
  assert.is(api.seen.length, 0);
});

proxy('should accept only POST, with 405 and Allow', async () => {
  for (const method of ['GET', 'PUT', 'DELETE']) {
    const response = await handleProxyRequest(new Request('http://docs.localhost/_docsgen/proxy', { method }), options());
    assert.is(response.headers.get('allow'), 'POST');
    assert.is(await errorOf(response), '405 proxy-method-not-allowed', method);
  }
});

proxy("should refuse requests from another site's pages, and accept this site's", async () => {
  const envelope = { method: 'GET', url: `${api.origin}/echo` };
  assert.is(await errorOf(await handleProxyRequest(proxyRequest(envelope, { origin: 'https://evil.example' }), options())), '403 proxy-origin-refused');
  assert.is(await errorOf(await handleProxyRequest(proxyRequest(envelope, { origin: 'null' }), options())), '403 proxy-origin-refused');
  assert.is(await errorOf(await handleProxyRequest(proxyRequest(envelope, { 'sec-fetch-site': 'cross-site' }), options())), '403 proxy-origin-refused');
  assert.is(api.seen.length, 0);
  const own = await handleProxyRequest(proxyRequest(envelope, { origin: 'http://docs.localhost:3000', 'sec-fetch-site': 'same-origin' }), options());
  assert.is(own.status, 201);
});

proxy('should check every redirect with the fetch-based send too (no automatic following)', async () => {
  const send = createFetchSend();
  const refused = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/redirect?to=${encodeURIComponent(`${other.origin}/echo`)}` }), options({ send }));
  assert.is(await errorOf(refused), '403 proxy-target-refused');
  assert.is(other.seen.length, 0);
  const followed = await handleProxyRequest(proxyRequest({ method: 'GET', url: `${api.origin}/redirect?to=/echo` }), options({ send }));
  assert.is(followed.status, 201);
  assert.is(followed.headers.get('set-cookie'), null);
});

proxy('should classify loopback, private, link-local, shared, multicast and mapped addresses, and leave public ones', () => {
  const table: Array<[string, string | undefined]> = [
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['::1', 'loopback'], ['[::1]', 'loopback'],
    ['10.0.0.1', 'private'], ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['192.168.1.1', 'private'], ['fc00::1', 'private'], ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'link-local'], ['fe80::1', 'link-local'], ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'], ['::', 'unspecified'], ['100.64.0.1', 'shared'], ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'], ['ff02::1', 'multicast'], ['255.255.255.255', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:a9fe:a9fe', 'link-local'], ['::ffff:10.0.0.1', 'private'], ['64:ff9b::a00:1', 'private'], ['2002:c0a8:101::1', 'private'],
    ['8.8.8.8', undefined], ['172.15.0.1', undefined], ['172.32.0.1', undefined], ['100.63.0.1', undefined], ['2606:4700::1111', undefined], ['::ffff:8.8.8.8', undefined],
    ['example.com', undefined], ['1.2.3', undefined], ['256.1.1.1', undefined], ['01.2.3.4', undefined],
  ];
  for (const [address, kind] of table) assert.is(classifyAddress(address), kind, address);
  assert.ok(isLocalOrigin('http://localhost:4000'));
  assert.ok(isLocalOrigin('http://api.localhost'));
  assert.ok(isLocalOrigin('http://127.0.0.1:8080'));
  assert.ok(isLocalOrigin('http://[::1]:8080'));
  assert.ok(isLocalOrigin('http://192.168.0.10'));
  assert.not.ok(isLocalOrigin('http://169.254.169.254'));
  assert.not.ok(isLocalOrigin('https://api.example.com'));
  assert.not.ok(isLocalOrigin('https://localhost.example.com'));
});

proxy.run();
