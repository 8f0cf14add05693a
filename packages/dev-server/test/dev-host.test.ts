import { createSite } from '@docsgen/core';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevServer } from '../src/index.js';

const fixture = fileURLToPath(new URL('../../../fixtures/minimal/', import.meta.url));

/** Sends a request with exactly these header lines and returns the status (the first line only: event streams stay open). */
function statusOf(port: number, target: string, headers: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(Number(chunk.toString('latin1').split(' ')[1]));
    });
    socket.on('error', reject);
    socket.write(`GET ${target} HTTP/1.1\r\n${headers.map((line) => `${line}\r\n`).join('')}\r\n`);
  });
}

const hosts = suite('dev server: Host and Origin');

hosts('should answer 403 to a Host that is not this machine, unless allowed (DNS rebinding)', async () => {
  const dev = createDevServer({ site: await createSite(fixture), allowedHosts: ['docs.internal'] });
  await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve));
  const { port } = dev.server.address() as AddressInfo;
  const cases: Array<[string, number]> = [
    [`localhost:${port}`, 200],
    ['LOCALHOST', 200],
    [`127.0.0.1:${port}`, 200],
    [`[::1]:${port}`, 200],
    ['docs.internal', 200],
    ['evil.example', 403],
    [`evil.example:${port}`, 403],
    ['localhost.evil.example', 403],
    ['docs.internal.evil.example', 403],
    ['', 403],
  ];
  for (const [host, status] of cases) assert.is(await statusOf(port, '/', [`Host: ${host}`]), status, `Host: ${host}`);
  assert.is(await statusOf(port, '/', []), 400, 'HTTP/1.1 without Host');
  await dev.close();
});

hosts('should refuse the live-reload stream to pages of another origin', async () => {
  const dev = createDevServer({ site: await createSite(fixture) });
  await new Promise<void>((resolve) => dev.server.listen(0, '127.0.0.1', resolve));
  const { port } = dev.server.address() as AddressInfo;
  const events = '/_docsgen/events';
  assert.is(await statusOf(port, events, [`Host: localhost:${port}`]), 200);
  assert.is(await statusOf(port, events, [`Host: localhost:${port}`, `Origin: http://localhost:${port}`, 'Sec-Fetch-Site: same-origin']), 200);
  assert.is(await statusOf(port, events, [`Host: localhost:${port}`, 'Origin: http://evil.example']), 403);
  assert.is(await statusOf(port, events, [`Host: localhost:${port}`, `Origin: http://localhost:${port + 1}`]), 403);
  assert.is(await statusOf(port, events, [`Host: localhost:${port}`, 'Origin: null']), 403);
  assert.is(await statusOf(port, events, [`Host: localhost:${port}`, 'Sec-Fetch-Site: cross-site']), 403);
  await dev.close();
});

hosts.run();
