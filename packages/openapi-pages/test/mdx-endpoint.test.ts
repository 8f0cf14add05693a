import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseMdxEndpoint, templateVariables } from '../src/mdx-endpoint.js';

const test = suite('mdx endpoint');

const reasonOf = (value: unknown) => parseMdxEndpoint(value).problem?.reason;

test('should read a method in any case and a full URL', () => {
  assert.equal(parseMdxEndpoint('post https://api.example.com/v1/users'), { endpoint: { method: 'POST', path: '/v1/users', baseUrl: 'https://api.example.com' } });
  assert.equal(parseMdxEndpoint('  Delete   HTTP://api.example.com:8080  ').endpoint, { method: 'DELETE', path: '/', baseUrl: 'http://api.example.com:8080' });
});

test('should read every method the platform lists', () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']) {
    assert.is(parseMdxEndpoint(`${method.toLowerCase()} /x`).endpoint?.method, method);
  }
});

test('should read a path, its `{name}` and `:name` parameters as one template', () => {
  assert.equal(parseMdxEndpoint('get /api/v2/public/linked-account/:linked_account_id').endpoint, { method: 'GET', path: '/api/v2/public/linked-account/{linked_account_id}', baseUrl: undefined });
  assert.is(parseMdxEndpoint('PUT /workflow/{workflow_id}/publish/:version?x=:y').endpoint?.path, '/workflow/{workflow_id}/publish/{version}?x=:y');
  // Only whole segments are parameters.
  assert.is(parseMdxEndpoint('GET /time/12:30').endpoint?.path, '/time/12:30');
});

test('should keep a `{name}` host as a server template', () => {
  assert.equal(parseMdxEndpoint('POST https://{endpoint}/update/{namespace}').endpoint, { method: 'POST', path: '/update/{namespace}', baseUrl: 'https://{endpoint}' });
  assert.equal(templateVariables('https://{endpoint}/a/{id}/{id}'), ['endpoint', 'id']);
});

test('should keep unicode in the path as written', () => {
  assert.is(parseMdxEndpoint('GET /wörter/{ключ}').endpoint?.path, '/wörter/{ключ}');
});

test('should refuse a `javascript:` or other non-http URL', () => {
  assert.is(reasonOf('GET javascript:alert(1)'), 'Unexpected `javascript:alert(1)` in frontmatter `api`, expected a full http(s) URL or a path starting with `/`');
  assert.ok(reasonOf('GET JaVaScRiPt:alert(1)'));
  assert.ok(reasonOf('POST ftp://files.example.com/x'));
  assert.ok(reasonOf('GET data:text/html,<script>'));
  // Protocol-relative: another host, chosen by the page's scheme.
  assert.ok(reasonOf('GET //evil.example.com/x'));
  assert.ok(reasonOf('GET users/1'));
  // A character reference is harmless only until something decodes it.
  assert.ok(reasonOf('GET /a&#x0A;b'));
  assert.ok(reasonOf('GET https://user:pass@api.example.com/x'));
  assert.ok(reasonOf('GET https:///x'));
});

test('should refuse a value without a method', () => {
  assert.is(reasonOf('/v1/users'), 'Unexpected `/v1/users` in frontmatter `api`, expected a method before the URL, one of `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD`, `OPTIONS`, `TRACE`');
  assert.is(reasonOf('https://api.example.com/v1'), 'Unexpected `https://api.example.com/v1` in frontmatter `api`, expected a method before the URL, one of `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD`, `OPTIONS`, `TRACE`');
  assert.is(reasonOf('FETCH /v1'), 'Unexpected method `FETCH` in frontmatter `api`, expected one of `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD`, `OPTIONS`, `TRACE`');
  assert.is(reasonOf('GET'), 'Unexpected `GET` in frontmatter `api`, expected a URL after the method');
  assert.is(reasonOf(''), 'Unexpected empty frontmatter `api`, expected a method and a URL such as `POST /v1/users`');
});

test('should refuse spaces and control characters in the URL', () => {
  assert.is(reasonOf('GET /users/ {id}'), 'Unexpected space in the URL of frontmatter `api` `GET /users/ {id}`, expected one URL without spaces');
  assert.ok(reasonOf('GET /a\u0000b'));
  // A no-break space copied from a web page separates as a space does.
  assert.is(parseMdxEndpoint('GET\u00a0/x').endpoint?.path, '/x');
});

test('should refuse what is not a string', () => {
  assert.is(reasonOf(42), 'Unexpected number in frontmatter `api`, expected a string such as `POST /v1/users`');
  assert.is(reasonOf(null), 'Unexpected null in frontmatter `api`, expected a string such as `POST /v1/users`');
  assert.is(reasonOf(['GET', '/x']), 'Unexpected list in frontmatter `api`, expected a string such as `POST /v1/users`');
  assert.ok(parseMdxEndpoint('GET /x').problem === undefined);
});

test.run();
