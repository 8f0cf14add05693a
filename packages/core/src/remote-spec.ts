import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Largest spec downloaded for a component (bytes). */
export const maxRemoteSpecBytes = 32 * 1024 * 1024;
/** How long a download may take before it is given up (ms). */
export const remoteSpecTimeoutMs = 20_000;

/**
 * A copy downloaded this recently is used without asking the server again: a build's worker
 * threads, and a dev server reloading after a docs.json edit, do not download it once more (ms).
 */
export const remoteSpecFreshMs = 60_000;

/** Folder of downloaded specs, relative to the project root. */
export const remoteSpecFolder = '.docsgen/cache/specs';

/** The outcome of `downloadSpec`: the project-relative path of the copy to read, or why there is none. */
export type DownloadedSpec = { ok: true; path: string; isStale: boolean; reason?: string | undefined } | { ok: false; reason: string };

/**
 * Downloads a spec docs.json or a component names by URL (`<OpenApiEndpoint spec="https://…">`) into
 * `.docsgen/cache/specs/`, so it is read like a project file: through the same root check, with
 * `$ref`s that may not leave the project. Only `http:` and `https:` URLs without credentials;
 * at most `maxRemoteSpecBytes`, within `remoteSpecTimeoutMs`. When the download fails and an
 * earlier copy exists, that copy is used (`isStale`), so builds work offline once the spec has
 * been fetched. Never throws.
 */
export async function downloadSpec(root: string, url: string): Promise<DownloadedSpec> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: `\`${url}\` is not a URL` };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, reason: `only http and https specs are downloaded, not \`${parsed.protocol}\`` };
  if (parsed.username || parsed.password) return { ok: false, reason: 'a spec URL may not carry credentials' };
  const key = createHash('sha256').update(parsed.href).digest('hex').slice(0, 24);
  const folder = join(root, remoteSpecFolder);
  const earlier = existsSync(folder) ? readdirSync(folder).find((name) => name.startsWith(`${key}.`)) : undefined;
  const stale = (reason: string): DownloadedSpec => (earlier ? { ok: true, path: `${remoteSpecFolder}/${earlier}`, isStale: true, reason } : { ok: false, reason });
  if (earlier) {
    try {
      if (Date.now() - statSync(join(folder, earlier)).mtimeMs < remoteSpecFreshMs) return { ok: true, path: `${remoteSpecFolder}/${earlier}`, isStale: false };
    } catch {
      // Gone since it was listed: download it.
    }
  }
  try {
    const response = await fetch(parsed, { signal: AbortSignal.timeout(remoteSpecTimeoutMs), headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
    if (!response.ok) return stale(`the server answered ${response.status}`);
    const final = new URL(response.url || parsed.href);
    if (final.protocol !== 'https:' && final.protocol !== 'http:') return stale('it redirected away from http(s)');
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxRemoteSpecBytes) return stale(`it is larger than ${maxRemoteSpecBytes / 1024 / 1024} MB`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      size += read.value.byteLength;
      if (size > maxRemoteSpecBytes) {
        await reader?.cancel();
        return stale(`it is larger than ${maxRemoteSpecBytes / 1024 / 1024} MB`);
      }
      chunks.push(read.value);
    }
    const body = Buffer.concat(chunks);
    const type = response.headers.get('content-type') ?? '';
    const text = body.toString('utf8');
    const isJson = /json/i.test(type) || /\.json$/i.test(final.pathname) || /^\s*[{[]/.test(text);
    const name = `${key}.${isJson ? 'json' : 'yaml'}`;
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, name), body);
    return { ok: true, path: `${remoteSpecFolder}/${name}`, isStale: false };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${remoteSpecTimeoutMs / 1000} s` : error instanceof Error ? error.message : String(error);
    return stale(reason);
  }
}
