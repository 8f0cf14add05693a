import { isIP } from 'node:net';

/**
 * Whether a request's `Host` header names this server, against DNS rebinding: a page on
 * `evil.example` whose DNS record is switched to 127.0.0.1 can send requests to a local server,
 * but they carry `Host: evil.example`, and reading the answers needs them to succeed.
 *
 * Accepted: `localhost` and `*.localhost` (RFC 6761 keeps them on this machine), IP addresses
 * (a page cannot have an IP address as its host name and point it elsewhere), and `allowedHosts`:
 * exact names, or `.example.com` for the name and every subdomain. Case and a port are ignored.
 *
 * @param host
 *   The `Host` request header (`request.headers.host`).
 * @param allowedHosts
 *   Further host names to accept, such as the one given to `--host`.
 */
export function isAllowedHost(host: string | undefined, allowedHosts: readonly string[]): boolean {
  if (!host) return false;
  const name = hostName(host.trim().toLowerCase());
  if (name === undefined) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0) return true;
  return allowedHosts.some((allowed) => {
    const entry = allowed.toLowerCase().replace(/\.$/, '');
    return entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry;
  });
}

/** `name[:port]` or `[v6]:port` without the port (and without a final `.`), or `undefined` if malformed. */
function hostName(host: string): string | undefined {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    const rest = host.slice(end + 1);
    if (end === -1 || (rest !== '' && !/^:\d+$/.test(rest))) return undefined;
    const address = host.slice(1, end);
    return isIP(address) === 6 ? address : undefined;
  }
  const match = /^([a-z0-9._-]+?)\.?(?::\d+)?$/.exec(host);
  return match?.[1];
}
