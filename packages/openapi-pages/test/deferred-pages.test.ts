import { isDeepStrictEqual } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { LoadedSpec } from '../src/load-spec.js';
import { buildOpenApiPages, whenReferenceBuilt } from '../src/openapi-pages.js';
import { loadFixture, withSpec } from './helpers.js';

const test = suite('buildOpenApiPages, isDeferred');

const info = { title: 'T', version: '1' };
const ok = { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } } };
const components = { schemas: { User: { type: 'object', properties: { id: { type: 'string' }, friend: { $ref: '#/components/schemas/User' } } } } };

/** The spec with `locate` counted: each reference built asks where its operation is written. */
function counted(spec: LoadedSpec): { spec: LoadedSpec; calls: () => number } {
  let calls = 0;
  const locate = spec.locate.bind(spec);
  return {
    spec: Object.assign(Object.create(Object.getPrototypeOf(spec) as object) as LoadedSpec, spec, {
      locate: (...args: Parameters<LoadedSpec['locate']>) => {
        calls += 1;
        return locate(...args);
      },
    }),
    calls: () => calls,
  };
}

test('should give the same pages, groups and schemas as building at once, once completed', async () => {
  for (const [name, file] of [
    ['tiny', 'openapi.yaml'],
    ['openapi31', 'openapi.yaml'],
    ['swagger2', 'swagger.json'],
    ['circular', 'openapi.yaml'],
    ['multi-file', 'openapi.yaml'],
  ] as const) {
    const eager = buildOpenApiPages(await loadFixture(name, file));
    const deferred = buildOpenApiPages(await loadFixture(name, file), { isDeferred: true });
    assert.equal(deferred.complete(), [], `${name}: no warnings left to give`);
    // Schema models are a graph (cycles too): compared by Node's deep equality, which follows it.
    assert.ok(isDeepStrictEqual(deferred.pages, eager.pages), `${name}: pages`);
    assert.equal(deferred.groups, eager.groups, name);
    assert.ok(isDeepStrictEqual(deferred.schemas, eager.schemas), `${name}: schemas`);
    assert.ok(eager.pages.length > 0, `${name} has pages`);
  }
});

/** Whether the page's reference is built: its fields are plain ones then, not getters. */
const isBuilt = (page: object): boolean => Object.getOwnPropertyDescriptor(page, 'parameters')?.get === undefined;

test('should build a page reference only when one of its fields is first read', () =>
  withSpec({ openapi: '3.0.3', info, components, paths: { '/a': { get: { ...ok, summary: 'A' } }, '/b': { get: { ...ok, summary: 'B', parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] } } } }, (spec) => {
    const built = buildOpenApiPages(spec, { isDeferred: true });
    assert.equal(built.pages.map(isBuilt), [false, false], 'no reference built at first');
    assert.equal(
      built.pages.map((page) => [page.title, page.slug, page.method, page.path, page.isHidden]),
      [
        ['A', 'api-reference/endpoints/a', 'GET', '/a', false],
        ['B', 'api-reference/endpoints/b', 'GET', '/b', false],
      ],
    );
    const b = built.pages[1]!;
    assert.equal(b.parameters.query.map((parameter) => parameter.name), ['q']);
    assert.equal(built.pages.map(isBuilt), [false, true], 'only the page read is built');
    assert.ok(b.codeSamples.length > 0, 'its code samples are there');
    built.complete();
    assert.equal(built.pages.map(isBuilt), [true, true], 'complete builds the rest');
    assert.equal(built.pages[0]!.responses.map((response) => response.status), ['200']);
  }));

test('should find where an operation is written only when its position is read', async () => {
  for (const isDeferred of [false, true]) {
    const { spec, calls } = counted(await loadFixture('tiny', 'openapi.yaml'));
    const built = buildOpenApiPages(spec, { isDeferred });
    built.complete();
    assert.equal(calls(), 0, 'nothing located while building');
    assert.equal(built.pages[0]!.position?.line, 30);
    const after = calls();
    assert.ok(after > 0);
    assert.equal(built.pages[0]!.position?.line, 30);
    assert.equal(calls(), after, 'once');
    built.pages[1]!.position = undefined;
    assert.equal(built.pages[1]!.position, undefined, 'a position set is kept');
    assert.equal(calls(), after);
  }
});

test('should let a deferred reference field be set, which builds the rest of it first', () =>
  withSpec({ openapi: '3.0.3', info, paths: { '/a': { get: { ...ok, summary: 'A' } } } }, (spec) => {
    const page = buildOpenApiPages(spec, { isDeferred: true }).pages[0]!;
    page.codeSamples = [];
    assert.equal(page.codeSamples, []);
    assert.equal(page.responses.map((response) => response.status), ['200']);
    assert.equal(Object.getOwnPropertyDescriptor(page, 'responses')?.get, undefined, 'a plain field once built');
  }));

test('should give the warnings of deferred references from complete, each once', () =>
  withSpec(
    {
      openapi: '3.0.3',
      info,
      paths: {
        '/a': { get: { ...ok, operationId: 'same', externalDocs: { url: 'javascript:alert(1)' } } },
        '/b': { get: { ...ok, operationId: 'same' } },
      },
    },
    (spec) => {
      const eager = buildOpenApiPages(spec);
      const deferred = buildOpenApiPages(spec, { isDeferred: true });
      const rules = (messages: Array<{ ruleId?: string | undefined }>) => messages.map((message) => message.ruleId).sort();
      assert.equal(rules(eager.messages), ['operation-id-duplicate', 'spec-url-unsafe'], 'both found at once');
      assert.equal(rules(deferred.messages), ['operation-id-duplicate'], 'a duplicate operationId is found with the navigation');
      void deferred.pages[0]!.externalDocs;
      assert.equal(rules(deferred.complete()), ['spec-url-unsafe'], 'a reference read early gives its warning too');
      assert.equal(deferred.complete(), [], 'only once');
      assert.equal(eager.complete(), []);
    },
  ));

test('should build every reference before giving the schemas', () =>
  withSpec({ openapi: '3.0.3', info, components, paths: { '/a': { get: { ...ok, summary: 'A' } } } }, (spec) => {
    const built = buildOpenApiPages(spec, { isDeferred: true });
    assert.ok(built.schemas.length > 0);
    assert.ok(isBuilt(built.pages[0]!));
  }));

test('should keep the shape of a page whose reference failed to build, and give the error to its reader', () =>
  withSpec({ openapi: '3.0.3', info, paths: { '/a': { get: { ...ok, summary: 'A' } } } }, (spec) => {
    const operation = ((spec.value as { paths: Record<string, Record<string, object>> }).paths['/a'] as Record<string, object>).get as object;
    Object.defineProperty(operation, 'responses', {
      get() {
        throw new Error('unreadable');
      },
    });
    const page = buildOpenApiPages(spec, { isDeferred: true }).pages[0]!;
    assert.throws(() => page.responses, /unreadable/);
    assert.equal(page.responses, []);
    assert.equal(page.parameters, { path: [], query: [], header: [], cookie: [] });
    assert.equal(page.codeSamples, []);
  }));

test('should call whenReferenceBuilt listeners when the reference is built, at once when it is', () =>
  withSpec({ openapi: '3.0.3', info, paths: { '/a': { get: { ...ok, summary: 'A' } }, '/b': { get: { ...ok, summary: 'B' } } } }, (spec) => {
    const seen: string[] = [];
    const deferred = buildOpenApiPages(spec, { isDeferred: true });
    for (const page of deferred.pages) whenReferenceBuilt(page, (built) => seen.push(`${built.title} ${built.responses.length}`));
    assert.equal(seen, [], 'nothing built yet');
    void deferred.pages[1]!.security;
    assert.equal(seen, ['B 1']);
    deferred.complete();
    assert.equal(seen, ['B 1', 'A 1']);
    whenReferenceBuilt(deferred.pages[0]!, (built) => seen.push(`again ${built.title}`));
    assert.equal(seen, ['B 1', 'A 1', 'again A'], 'a built page is given at once');
    const eager = buildOpenApiPages(spec).pages[0]!;
    whenReferenceBuilt(eager, (built) => seen.push(`eager ${built.title}`));
    assert.equal(seen.at(-1), 'eager A');
  }));

test.run();
