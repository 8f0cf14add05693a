import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleFormats, sampleWriters, type SampleRequest } from '../src/sample-writers.js';

const test = suite('sample writers');

const multipart: SampleRequest = {
  method: 'POST',
  url: 'https://api.example.com/files',
  headers: [
    ['Authorization', 'Bearer <token>'],
    ['Content-Type', 'multipart/form-data'],
  ],
  body: { kind: 'multipart', fields: [['name', "O'Brien"]] },
};

test('should list a writer for every format, in tab order', () => {
  assert.equal(
    sampleFormats.map((item) => `${item.format}:${item.lang}:${item.label}`),
    ['curl:bash:cURL', 'fetch:javascript:JavaScript', 'python:python:Python', 'go:go:Go'],
  );
  for (const { format } of sampleFormats) assert.type(sampleWriters[format], 'function', format);
});

test('should leave the multipart Content-Type to the client, and quote for the shell', () => {
  const curl = sampleWriters.curl(multipart);
  assert.not.match(curl, 'Content-Type');
  assert.match(curl, `--form 'name=O'\\''Brien'`);
  assert.not.match(sampleWriters.fetch(multipart), 'Content-Type');
  assert.match(sampleWriters.fetch(multipart), 'form.append("name", "O\'Brien");');
  assert.match(sampleWriters.python(multipart), 'files={key: (None, value) for key, value in payload.items()}');
  // Go sends the fields URL-encoded, so it says so.
  assert.match(sampleWriters.go(multipart), 'req.Header.Set("Content-Type", "application/x-www-form-urlencoded")');
});

test('should import nothing, so that browsers run the compiled module as it is', () => {
  const source = readFileSync(new URL('../src/sample-writers.ts', import.meta.url), 'utf8');
  assert.not.match(source, /^\s*import\s/m);
  assert.not.match(source, /\brequire\(|node:|process\.|Buffer\b/);
});

test.run();
