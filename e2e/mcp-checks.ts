// What the MCP tests share: a small project, and what every server made from it must answer
// through the official SDK's client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import * as assert from 'uvu/assert';

/** A project of four pages, with a site URL and the contextual menu's MCP entries. */
export const mcpProject: Record<string, string> = {
  'docs.json': JSON.stringify({
    $schema: 'https://docsgen.dev/docs.schema.json',
    name: 'Acme Widgets',
    description: 'Widgets for every kitchen.',
    siteUrl: 'https://docs.acme.example',
    contextual: { options: ['copy', 'mcp', 'add-mcp', 'cursor', 'vscode'] },
    navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/install'] }, { group: 'Guides', pages: ['guides/polishing', 'guides/storage'] }] },
  }),
  'index.mdx': '---\ntitle: Acme Widgets\ndescription: What Acme widgets are.\n---\n\nAcme widgets are small and shiny.\n',
  'guides/install.mdx': '---\ntitle: Install a widget\ndescription: Mount a widget on a wall.\n---\n\nDrill two holes and mount the bracket.\n\n## Tools you need\n\nA drill and a level.\n',
  'guides/polishing.mdx': '---\ntitle: Polishing\ndescription: Keep the chrome bright.\n---\n\nUse a soft cloth and the Acme chrome polish once a month.\n',
  'guides/storage.mdx': '---\ntitle: Storage\ndescription: Where to keep widgets in winter.\n---\n\nKeep widgets dry, away from frost.\n',
};

/** What every transport must give: the tools, a search, a page, the refusal of a path outside the site, the pages as resources. */
export async function checkServer(transport: Transport): Promise<void> {
  const client = new Client({ name: 'docsgen-e2e', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assert.equal(tools.map((tool) => tool.name).sort(), ['list_pages', 'read_page', 'search_docs']);
    for (const tool of tools) assert.equal([tool.annotations?.readOnlyHint, tool.annotations?.idempotentHint], [true, true], tool.name);

    const search = await client.callTool({ name: 'search_docs', arguments: { query: 'chrome polish' } });
    const results = (search.structuredContent as { results: Array<{ path: string; title: string; url?: string; snippet: string }> }).results;
    assert.is(results[0]?.path, '/guides/polishing');
    assert.is(results[0]?.url, 'https://docs.acme.example/guides/polishing');
    assert.match(results[0]?.snippet ?? '', /soft cloth/);

    const page = await client.callTool({ name: 'read_page', arguments: { page: 'https://docs.acme.example/guides/install' } });
    assert.not.ok(page.isError);
    assert.match((page.content as Array<{ text: string }>)[0]?.text ?? '', /Drill two holes/);

    for (const hostile of ['../../etc/passwd', '/guides/%2e%2e/%2e%2e/etc/passwd', 'https://evil.example/guides/install', 'file:///etc/passwd']) {
      const refused = await client.callTool({ name: 'read_page', arguments: { page: hostile } });
      assert.ok(refused.isError, hostile);
      assert.match((refused.content as Array<{ text: string }>)[0]?.text ?? '', /^Cannot read the page: /, hostile);
      assert.not.match((refused.content as Array<{ text: string }>)[0]?.text ?? '', /root:/, hostile);
    }

    const listed = await client.callTool({ name: 'list_pages', arguments: {} });
    assert.equal((listed.structuredContent as { pages: Array<{ path: string }> }).pages.map((entry) => entry.path), ['/', '/guides/install', '/guides/polishing', '/guides/storage']);

    const { resources } = await client.listResources();
    const storage = resources.find((resource) => resource.name === '/guides/storage');
    assert.is(storage?.mimeType, 'text/markdown');
    const read = await client.readResource({ uri: storage?.uri ?? '' });
    assert.match(String((read.contents[0] as { text?: string }).text), /away from frost/);
  } finally {
    await client.close();
  }
}

