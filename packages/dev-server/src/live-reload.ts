import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the browser is told after a change. */
export type ReloadEvent = { type: 'full-reload' } | { type: 'update'; slugs: string[] };

/** Server-sent events to every open page: `full-reload`, or `update` for the pages that changed. */
export class ReloadChannel {
  readonly #clients = new Set<ServerResponse>();

  /** Answers `GET /_docsgen/events`: keeps the response open as an event stream. */
  connect(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    // A comment line first, so the browser knows the stream is open.
    response.write(': connected\n\n');
    this.#clients.add(response);
    request.on('close', () => this.#clients.delete(response));
  }

  /** Sends one event to every connected page. */
  send(event: ReloadEvent): void {
    const data = `data: ${JSON.stringify(event)}\n\n`;
    for (const client of this.#clients) client.write(data);
  }

  /** Number of connected pages. */
  get size(): number {
    return this.#clients.size;
  }

  /** Ends every stream (when the server stops). */
  close(): void {
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }
}

/**
 * The script every page gets in dev: it listens for reload events and either reloads the page
 * or, when only this page's content changed, swaps the new content in place (scroll position
 * and open tabs elsewhere on the page stay as they were). A page with interactive components
 * (before or after the change) is reloaded: their code runs when a page loads. The page's
 * generated stylesheets (`data-dg-generated`) are fetched again with the new content.
 */
export function reloadClientScript(eventsPath: string): string {
  return `<script type="module">
const source = new EventSource(${JSON.stringify(eventsPath)});
const slug = decodeURIComponent(location.pathname.replace(/^\\/+|\\/+$/g, '')) || '';
source.onmessage = async (message) => {
  const event = JSON.parse(message.data);
  if (event.type === 'full-reload') return location.reload();
  if (event.type !== 'update' || !event.slugs.some((changed) => changed === slug || (slug === '' && changed === document.documentElement.dataset.slug))) return;
  const response = await fetch(location.href, { cache: 'no-store' });
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  // Interactive components run their new code only in a freshly loaded page.
  if (document.getElementById('dg-islands') || next.getElementById('dg-islands')) return location.reload();
  const main = document.querySelector('main.dg-content');
  const fresh = next.querySelector('main.dg-content');
  if (!main || !fresh) return location.reload();
  main.replaceWith(document.importNode(fresh, true));
  // Generated stylesheets (the site's Tailwind CSS) follow the class names pages use: the new
  // page's are fetched again, and the old ones go once they have loaded.
  const stale = [...document.querySelectorAll('link[data-dg-generated]')];
  const loaded = [...next.querySelectorAll('link[data-dg-generated]')].map((link) => {
    const added = document.createElement('link');
    added.rel = 'stylesheet';
    added.href = link.getAttribute('href') + '?v=' + Date.now();
    added.setAttribute('data-dg-generated', '');
    document.head.append(added);
    return new Promise((resolve) => { added.onload = added.onerror = resolve; });
  });
  await Promise.all(loaded);
  for (const link of stale) link.remove();
};
</script>
`;
}
