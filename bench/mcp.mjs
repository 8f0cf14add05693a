#!/usr/bin/env node
// MCP figures (not a test: prints numbers only): `docsgen mcp` over stdio, as an editor starts
// it, through the official SDK's client. For a project folder (sources) or a build (`--out`), it
// prints the wall time of: connect (spawn + initialize), the first `list_pages`, the first
// `read_page`, the first `search_docs`, a second search, and the server's CPU time.
//
//   node bench/mcp.mjs FOLDER [--out BUILD] [--no-cache] [--query webhook] [--runs 3] [--cli PATH] [--order list,read,search]
//
// `--cli` runs another build of the CLI (a `bin/docsgen.js`, e.g. an unchanged copy of main),
// for before/after figures. `--order` sets the order of the first calls (default
// `search,list,read,ready`: the first search is what an agent does first; `ready` searches
// again until the index is complete).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    query: { type: 'string', default: 'webhook' },
    second: { type: 'string', default: 'custom domain' },
    runs: { type: 'string', default: '1' },
    cli: { type: 'string', default: resolve(repo, 'node_modules/docsgen/bin/docsgen.js') },
    order: { type: 'string', default: 'search,list,read,ready' },
    'no-cache': { type: 'boolean', default: false },
  },
});
const folder = resolve(positionals[0] ?? resolve(repo, 'docs'));
const ms = (value) => `${value.toFixed(0).padStart(6)} ms`;

for (let run = 1; run <= Number(values.runs); run++) {
  const args = [values.cli, 'mcp', folder, ...(values.out ? ['--out', resolve(values.out)] : []), ...(values['no-cache'] ? ['--no-cache'] : [])];
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'docsgen-bench', version: '1.0.0' });
  const times = {};
  const time = async (name, call) => {
    const start = performance.now();
    const result = await call();
    const elapsed = performance.now() - start;
    if (result?.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    const indexing = result?.structuredContent?.indexing;
    if (indexing) name += ` (partial: ${indexing.indexedPages}/${indexing.totalPages ?? '?'} pages)`;
    times[name] = elapsed;
    return result;
  };
  await time('connect', () => client.connect(transport));
  let paths = [];
  for (const step of values.order.split(',')) {
    if (step === 'list') paths = (await time('first list_pages', () => client.callTool({ name: 'list_pages', arguments: {} }))).structuredContent.pages.map((page) => page.path);
    else if (step === 'read') await time('first read_page', () => client.callTool({ name: 'read_page', arguments: { page: paths[Math.floor(paths.length / 2)] ?? '/' } }));
    else if (step === 'search') await time('first search_docs', () => client.callTool({ name: 'search_docs', arguments: { query: values.query } }));
    else if (step === 'ready') {
      // Searches until the index is complete: the time from connected to every page indexed.
      const start = performance.now();
      while ((await client.callTool({ name: 'search_docs', arguments: { query: values.query } })).structuredContent?.indexing);
      times['index complete'] = performance.now() - start;
    }
  }
  const found = await time('next search_docs', () => client.callTool({ name: 'search_docs', arguments: { query: values.second } }));
  const pid = transport.pid;
  const cpu = pid ? cpuMs(pid) : undefined;
  await client.close();
  console.log(`run ${run}: ${folder}${values.out ? ` --out ${values.out}` : ''} (${paths.length} pages, ${found.structuredContent.results.length} results for “${values.second}”)`);
  for (const [name, value] of Object.entries(times)) console.log(`  ${name.padEnd(18)} ${ms(value)}`);
  if (cpu !== undefined) console.log(`  ${'server CPU'.padEnd(18)} ${ms(cpu)}`);
  if (process.env.BENCH_STDERR) process.stderr.write(stderr);
}

/** User + system CPU time of a process so far, from /proc (Linux), in ms. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
