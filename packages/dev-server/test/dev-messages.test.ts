import type { DocsgenMessage } from '@docsgen/config';
import { createSite } from '@docsgen/core';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDevServer } from '../src/index.js';
import { sendRaw } from './project.js';

const reported = suite('dev server: messages of what it renders');

reported('should hand the warnings of pages, twins and social cards to onMessages', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsgen-dev-messages-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({ name: 'Dev', siteUrl: 'https://docs.example.com', navigation: { pages: ['index', 'cjk'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\n<Icon icon="no-such-icon-anywhere" />\n',
    'cjk.mdx': '---\ntitle: שלום עולם 🚀\n---\n\nText.\n',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  const messages: DocsgenMessage[] = [];
  const { server } = createDevServer({ site: await createSite(root), liveReload: false, onMessages: (batch) => messages.push(...batch) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    assert.is((await sendRaw(port, 'GET / HTTP/1.1')).status, 200);
    const icon = messages.find((message) => message.ruleId === 'icon-unknown');
    assert.ok(icon, JSON.stringify(messages));
    assert.is(icon.file, join(root, 'index.mdx'));
    assert.not.ok(icon.fatal);

    messages.length = 0;
    const card = await sendRaw(port, 'GET /og/cjk.png HTTP/1.1');
    assert.is(card.status, 200);
    assert.ok(messages.some((message) => message.ruleId === 'card-glyph-missing'), JSON.stringify(messages));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

reported.run();
