import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderContextualMenu, resolveContextualOptions } from '../src/index.js';

const actionsOf = (html: string): string[] => [...html.matchAll(/data-action="([^"]+)"/g)].map((match) => match[1]!);

test('should show all five actions when `contextual` is omitted', () => {
  assert.equal(resolveContextualOptions(undefined), ['copy', 'copy-url', 'view', 'assistant-a', 'assistant-b']);
  const html = renderContextualMenu({ config: {}, slug: 'guides/setup' });
  assert.equal(actionsOf(html), ['copy', 'copy-url', 'view', 'assistant-a', 'assistant-b']);
  assert.match(html, '<button type="button" class="dg-contextual-copy" data-action="copy">');
  assert.match(html, 'data-twin="/guides/setup.md"');
  assert.match(html, 'aria-haspopup="menu" aria-expanded="false" aria-controls="dg-contextual-menu" aria-label="More page actions"');
  assert.match(html, '<ul class="dg-contextual-menu" id="dg-contextual-menu" role="menu" aria-labelledby="dg-contextual-button" hidden>');
  assert.match(html, '<a role="menuitem" tabindex="-1" data-action="view" href="/guides/setup.md" target="_blank" rel="noopener noreferrer">');
});

test('should show no menu for `options: []`', () => {
  assert.is(renderContextualMenu({ config: { contextual: { options: [] } }, slug: 'a' }), '');
  // Ids docsgen cannot carry out are accepted and not shown; `download-spec` needs a published spec.
  assert.is(renderContextualMenu({ config: { contextual: { options: ['download-pdf', 'assistant', 'devin-desktop', 'windsurf', 'devin-mcp', 'download-spec'] } }, slug: 'a' }), '');
});

test('should show only the configured subset, in order, without duplicates', () => {
  assert.equal(actionsOf(renderContextualMenu({ config: { contextual: { options: ['view', 'copy-url'] } }, slug: 'a' })), ['view', 'copy-url']);
  const copyOnly = renderContextualMenu({ config: { contextual: { options: ['copy'] } }, slug: 'a' });
  assert.equal(actionsOf(copyOnly), ['copy']);
  assert.not.match(copyOnly, 'role="menu"');
  const noCopy = renderContextualMenu({ config: { contextual: { options: ['view'] } }, slug: 'a' });
  assert.match(noCopy, '<span class="dg-contextual-label">Page actions</span>');
  assert.not.match(noCopy, 'dg-contextual-copy');
  assert.equal(resolveContextualOptions({ options: ['view', 'view', 'chatgpt', 'assistant-a'] }), ['view', 'assistant-a']);
});

test('should read `chatgpt` and `claude` as the two assistants, and open the other assistants with the same prompt', () => {
  const html = renderContextualMenu({ config: { contextual: { options: ['claude', 'chatgpt', 'perplexity', 'grok', 'aistudio', 'devin'] } }, slug: 'a' });
  assert.equal(actionsOf(html), ['assistant-b', 'assistant-a', 'perplexity', 'grok', 'aistudio', 'devin']);
  const prompt = 'Read%20%2Fa.md%20so%20I%20can%20ask%20questions%20about%20it.';
  assert.match(html, `href="https://claude.ai/new?q=${prompt}"`);
  assert.match(html, `href="https://chatgpt.com/?hints=search&amp;q=${prompt}"`);
  assert.match(html, `href="https://www.perplexity.ai/search/new?q=${prompt}"`);
  assert.match(html, `href="https://grok.com/?q=${prompt}"`);
  assert.match(html, `href="https://aistudio.google.com/prompts/new_chat?prompt=${prompt}"`);
  assert.match(html, `href="https://app.devin.ai/?prompt=${prompt}"`);
  for (const title of ['Open in Claude', 'Open in ChatGPT', 'Open in Perplexity', 'Open in Grok', 'Open in Google AI Studio', 'Open in Devin']) assert.match(html, `>${title}<`);
});

test('should point the MCP entries at the /mcp server of the site', () => {
  const html = renderContextualMenu({ config: { name: 'Acme Docs', contextual: { options: ['mcp', 'add-mcp', 'cursor', 'vscode'] } }, slug: 'a', siteUrl: 'https://docs.acme.dev/' });
  assert.equal(actionsOf(html), ['mcp', 'add-mcp', 'cursor', 'vscode']);
  assert.match(html, 'data-mcp-url="https://docs.acme.dev/mcp"');
  assert.match(html, '<button type="button" role="menuitem" tabindex="-1" data-action="mcp">');
  assert.match(html, '<button type="button" role="menuitem" tabindex="-1" data-action="add-mcp">');
  const cursor = /data-action="cursor" href="([^"]+)"/.exec(html)?.[1] ?? '';
  const cursorUrl = new URL(cursor.replace(/&amp;/g, '&'));
  assert.is(cursorUrl.protocol, 'cursor:');
  assert.is(cursorUrl.searchParams.get('name'), 'Acme Docs');
  assert.equal(JSON.parse(Buffer.from(cursorUrl.searchParams.get('config')!, 'base64').toString('utf8')), { url: 'https://docs.acme.dev/mcp' });
  const vscode = /data-action="vscode" href="([^"]+)"/.exec(html)?.[1] ?? '';
  assert.ok(vscode.startsWith('vscode:mcp/install?'));
  assert.equal(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length))), { name: 'Acme Docs', type: 'http', url: 'https://docs.acme.dev/mcp' });
  // Editor links open an app: no new tab.
  assert.not.match(/<a [^>]*data-action="cursor"[^>]*>/.exec(html)?.[0] ?? '', 'target=');
});

test('should link `download-spec` to the spec the site publishes, as a download', () => {
  const html = renderContextualMenu({ config: { contextual: { options: ['copy', 'download-spec'] } }, slug: 'api/get-user', specHref: '/public/openapi.yaml' });
  assert.match(html, '<a role="menuitem" tabindex="-1" data-action="download-spec" href="/public/openapi.yaml" download>');
  assert.equal(actionsOf(renderContextualMenu({ config: { contextual: { options: ['copy', 'download-spec'] } }, slug: 'guide' })), ['copy']);
});

test('should prefill the assistants with the absolute twin URL when the site URL is known', () => {
  const html = renderContextualMenu({ config: {}, slug: 'guides/setup', siteUrl: 'https://docs.example.com/' });
  assert.match(html, 'data-twin-url="https://docs.example.com/guides/setup.md"');
  assert.match(html, `q=${encodeURIComponent('Read https://docs.example.com/guides/setup.md so I can ask questions about it.')}`);
  // A site URL that is not http(s) is ignored rather than trusted.
  assert.not.match(renderContextualMenu({ config: {}, slug: 'a', siteUrl: 'javascript:alert(1)//' }), 'javascript');
});

test('should encode the slug in the twin URL', () => {
  const html = renderContextualMenu({ config: {}, slug: 'guides/"quoted" & <odd>' });
  assert.match(html, 'data-twin="/guides/%22quoted%22%20%26%20%3Codd%3E.md"');
  assert.match(renderContextualMenu({ config: {}, slug: '' }), 'data-twin="/index.md"');
});

test('should render custom entries with placeholders, and drop unsafe ones', () => {
  const html = renderContextualMenu({
    config: {
      contextual: {
        options: [
          { title: 'Ask Perplexity', description: 'Search <it>', href: { base: 'https://www.perplexity.ai/search', query: [{ key: 'q', value: 'Read $page' }] } },
          { title: 'On GitHub', description: '', href: 'https://github.com/acme/docs/blob/main$path.mdx' },
          { title: 'Evil', description: '', href: 'javascript:alert(1)' },
          { title: 'Agent', description: '', href: 'https://x.example/?mcp=$mcp' },
        ],
      },
    },
    slug: 'guides/setup',
    siteUrl: 'https://docs.example.com',
  });
  assert.match(html, `href="https://www.perplexity.ai/search?q=${encodeURIComponent('Read https://docs.example.com/guides/setup.md')}"`);
  assert.match(html, '<span class="dg-contextual-description">Search &lt;it&gt;</span>');
  assert.match(html, 'href="https://github.com/acme/docs/blob/main/guides/setup.mdx"');
  assert.match(html, `href="https://x.example/?mcp=https://docs.example.com/mcp"`);
  assert.not.match(html, /Evil|javascript/);
});

test('should leave `$page` and `$mcp` for the page to fill in when the site URL is unknown', () => {
  const html = renderContextualMenu({
    config: { contextual: { options: [{ title: 'Share', description: 'Share it', icon: 'plus', href: { base: 'https://x.example/share', query: [{ key: 'u', value: '$page from $path' }] } }] } },
    slug: 'guides/setup',
  });
  assert.match(html, `href="https://x.example/share?u=${encodeURIComponent('/guides/setup.md from /guides/setup')}"`);
  assert.match(html, `data-template="${JSON.stringify({ base: 'https://x.example/share', query: [['u', '$page from /guides/setup']] }).replace(/"/g, '&quot;')}"`);
  // A named icon is drawn from the site's icon library.
  assert.match(html, 'data-icon="plus"');
});

test('should keep element ids apart with `idPrefix`, and mark where the menu is displayed', () => {
  const html = renderContextualMenu({ config: { contextual: { display: 'toc' } }, slug: 'a', idPrefix: 'toc-menu"x' });
  assert.match(html, 'id="toc-menux-button"');
  assert.match(html, 'aria-controls="toc-menux-menu"');
  assert.match(html, 'data-display="toc"');
});

test('should write the menu in the page\'s language, English for a language without a table', () => {
  const spanish = renderContextualMenu({ config: { contextual: { options: ['copy', 'copy-url', 'view', 'claude', 'mcp', 'add-mcp', 'cursor'] } }, slug: 'es/a', language: 'es' });
  assert.match(spanish, '<span class="dg-contextual-label">Copiar página</span>');
  assert.match(spanish, 'aria-label="Más acciones de la página"');
  for (const title of ['Copiar enlace de Markdown', 'Ver como Markdown', 'Abrir en Claude', 'Copiar URL del servidor MCP', 'Copiar comando de instalación de MCP', 'Conectar con Cursor']) {
    assert.match(spanish, `<span class="dg-contextual-title">${title}</span>`);
  }
  assert.not.match(spanish, /Copy|View as|Open in|Connect to/);
  assert.match(renderContextualMenu({ config: {}, slug: 'a', language: 'uz' }), '<span class="dg-contextual-label">Copy page</span>');
});

test.run();
