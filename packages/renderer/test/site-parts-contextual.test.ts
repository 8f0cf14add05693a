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
  assert.is(renderContextualMenu({ config: { contextual: { options: ['download-pdf', 'mcp'] } }, slug: 'a' }), '');
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

test('should read `chatgpt` and `claude` as the two assistants', () => {
  const html = renderContextualMenu({ config: { contextual: { options: ['claude', 'chatgpt', 'perplexity'] } }, slug: 'a' });
  assert.equal(actionsOf(html), ['assistant-b', 'assistant-a']);
  assert.match(html, 'href="https://claude.ai/new?q=Read%20%2Fa.md%20so%20I%20can%20ask%20questions%20about%20it."');
  assert.match(html, 'href="https://chatgpt.com/?hints=search&amp;q=Read%20%2Fa.md%20so%20I%20can%20ask%20questions%20about%20it."');
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
  assert.not.match(html, /Evil|javascript|Agent/);
});

test('should keep element ids apart with `idPrefix`, and mark where the menu is displayed', () => {
  const html = renderContextualMenu({ config: { contextual: { display: 'toc' } }, slug: 'a', idPrefix: 'toc-menu"x' });
  assert.match(html, 'id="toc-menux-button"');
  assert.match(html, 'aria-controls="toc-menux-menu"');
  assert.match(html, 'data-display="toc"');
});

test.run();
