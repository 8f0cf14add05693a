import type { DocsgenMessage } from '@docsgen/config';
import { readFileSync } from 'node:fs';
import { adapterFiles, adapterRunsFunctions, notFoundRedirectScript, type AdapterName } from './adapters.js';
import { publishAssets } from './build-assets.js';
import type { OutputWriter } from './build-output.js';
import type { PageIntake } from './build-page-intake.js';
import { isSearchIndexFirst, writeSearchIndex, type SearchRun } from './build-search.js';
import { mcpSnapshotPath } from './mcp-source.js';
import { findOutputKind, outputTable, type OutputContext, type OutputKind } from './output-table.js';
import type { Site } from './site.js';

// A build's files other than the pages, written once every page is: the 404 page, docsgen's
// assets, the output table's files, the search index and the adapter's files.

export interface WriteSiteFilesOptions {
  adapter: AdapterName;
  /** The 404 document. */
  notFoundHtml: string;
  intake: PageIntake;
  search: SearchRun;
  /** What the output table's producers are given. */
  context: OutputContext;
  cacheFolder: (name: string) => string | undefined;
  messages: DocsgenMessage[];
}

/** Everything but the pages, once they are written: 404 page, assets, the output table's files, search index, adapter files. */
export async function writeSiteFiles(site: Site, writer: OutputWriter, options: WriteSiteFilesOptions): Promise<void> {
  const { adapter, messages } = options;
  const redirects = site.redirects;
  const script = adapter === 'static' || adapter === 'github-pages' ? notFoundRedirectScript(redirects) : '';
  const table = outputTable.filter((kind) => !kind.isOverProjectFiles);
  // Full-text search: Pagefind's chunked index, built from the pages as they rendered. Its files
  // are written (on libuv's threads) while this thread writes the others: they come last, and
  // win, only when a project file could take one's place (a project folder `_docsgen`).
  const indexWritten = isSearchIndexFirst(site.root) ? writeSearchIndex(writer, options.search) : undefined;
  // Awaited below; a failure is thrown there.
  indexWritten?.catch(() => undefined);
  // Outputs a project file may take the place of (social cards) go first; the others after.
  await writeOutputs(site, writer, table, options.context, messages);
  writer.write('404.html', script ? options.notFoundHtml.replace('</body>', () => `${script}\n</body>`) : options.notFoundHtml);
  await publishAssets(site, writer, { used: options.intake.used, viewers: options.intake.viewers, minifiedCache: options.cacheFolder('assets'), messages });
  await writeOutputs(site, writer, outputTable.filter((kind) => kind.isOverProjectFiles), options.context, messages);
  const index = await (indexWritten ?? writeSearchIndex(writer, options.search));
  messages.push(...index.messages);
  const apiProxy = site.api.playground.proxy ? { allowedOrigins: site.apiOrigins } : undefined;
  // The MCP function bundles the data `/mcp` answers from, as the output table produced it.
  const mcp = adapterRunsFunctions(adapter) ? await produceOutputText(site, mcpSnapshotPath, options.context) : undefined;
  const adapted = adapterFiles(adapter, { redirects, files: new Set(writer.written.keys()), apiProxy, mcpSnapshot: mcp, locate: site.locate });
  messages.push(...adapted.messages);
  for (const file of adapted.files) writer.write(file.path, file.content);
  if (messages.some((message) => message.fatal)) throw new Error('adapter');
}

/** The text of the output table's output at `path`, if it has one. */
async function produceOutputText(site: Site, path: string, context: OutputContext): Promise<string | undefined> {
  const body = (await findOutputKind(path)?.produce(site, path, context))?.body;
  return body && 'content' in body && typeof body.content === 'string' ? body.content : undefined;
}

/** Writes every path the table's `kinds` list, with their producers' messages. */
async function writeOutputs(site: Site, writer: OutputWriter, kinds: readonly OutputKind[], context: OutputContext, messages: DocsgenMessage[]): Promise<void> {
  for (const kind of kinds) {
    for (const path of await kind.list(site, context)) {
      const parts = await kind.parts?.(site, path, context);
      if (parts) {
        await writer.writeParts(path, parts);
        continue;
      }
      const produced = await kind.produce(site, path, context);
      messages.push(...produced.messages);
      const body = produced.body;
      if (body) writer.write(path, 'file' in body ? readFileSync(body.file) : body.content);
    }
  }
}
