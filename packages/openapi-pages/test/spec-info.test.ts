import type { DocsgenMessage } from '@docsgen/config';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createUnsafeUrlReporter, readApiInfo, readExternalDocs } from '../src/spec-info.js';

const test = suite('spec info');

const spec = (value: unknown) => ({ file: '/p/openapi.json', value, locate: () => undefined });

test('should read info with its links checked, and warn once per unsafe URL', () => {
  const messages: DocsgenMessage[] = [];
  const value = {
    info: {
      title: 'API',
      version: 1,
      summary: 'Short',
      termsOfService: 'javascript:alert(1)',
      contact: { name: 'Ada', email: 'ada@example.com', url: 'https://example.com' },
      license: { name: 'MIT', url: 'data:text/html,x' },
    },
    externalDocs: { url: 'https://docs.example.com', description: 'More' },
  };
  const report = createUnsafeUrlReporter(spec(value), messages);
  const info = readApiInfo(spec(value), report, 'summary');
  assert.is(info.title, 'API');
  assert.is(info.version, '', 'a version that is not a string is none');
  assert.is(info.description, 'Short');
  assert.is(info.termsOfService, undefined);
  assert.equal(info.contact, { name: 'Ada', email: 'ada@example.com', url: 'https://example.com' });
  assert.equal(info.license, { name: 'MIT', url: undefined });
  assert.equal(info.externalDocs, { url: 'https://docs.example.com', description: 'More' });
  assert.equal(messages.map((message) => `${message.ruleId} ${message.actual} ${message.fatal}`), ['spec-url-unsafe data:text/html,x false', 'spec-url-unsafe javascript:alert(1) false']);
  assert.is(readApiInfo(spec(value), report).description, '', 'AsyncAPI has no summary to fall back on');
  assert.is(messages.length, 2, 'the same places are not reported twice');
});

test('should leave out an externalDocs link without a safe URL', () => {
  const messages: DocsgenMessage[] = [];
  const report = createUnsafeUrlReporter(spec({}), messages);
  assert.is(readExternalDocs({ description: 'No URL' }, '/p/openapi.json', ['externalDocs'], report), undefined);
  assert.is(readExternalDocs({ url: 'vbscript:x' }, '/p/openapi.json', ['externalDocs'], report), undefined);
  assert.is(readExternalDocs('https://example.com', '/p/openapi.json', ['externalDocs'], report), undefined);
  assert.equal(messages.map((message) => message.actual), ['vbscript:x']);
});

test.run();
