/**
 * Which network addresses the API proxy may connect to. Pure code (no `node:` imports): the
 * Cloudflare function bundles it too.
 *
 * A proxy that fetches URLs for anyone is a way into the network it runs in (server-side request
 * forgery): the cloud metadata service at 169.254.169.254, a database on 10.x, the host itself.
 * So every address a request reaches is checked, the IP literal of a URL and every address DNS
 * gives for a host name, unless the allowed origin is itself local (a mock API on localhost
 * during development).
 */

/** Why an address is refused, or `undefined` when it is a public address. */
export type AddressKind = 'loopback' | 'private' | 'link-local' | 'unspecified' | 'shared' | 'multicast' | 'reserved';

/** The error a `send` throws for a refused address, recognised by its `code` (a class would not survive bundling twice). */
export interface AddressRefusedError extends Error {
  code: 'DOCSGEN_PROXY_ADDRESS_REFUSED';
}

/**
 * What kind of non-public address `address` is (IPv4 dotted quad or IPv6, with or without
 * brackets), or `undefined` for a public one or a string that is not an IP address.
 * IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible, NAT64 `64:ff9b::`,
 * 6to4 `2002::`) are judged by that IPv4 address.
 */
export function classifyAddress(address: string): AddressKind | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = parseIpv4(bare);
  if (v4) return classifyIpv4(v4);
  const v6 = parseIpv6(bare);
  return v6 ? classifyIpv6(v6) : undefined;
}

/** Whether `host` (a URL's hostname) is an IP address literal. */
export function isIpLiteral(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return parseIpv4(bare) !== undefined || parseIpv6(bare) !== undefined;
}

/**
 * Whether an origin points at the developer's own machine or network: `localhost`
 * (and `*.localhost`), or a loopback or private IP literal. Requests to such an origin may reach
 * local addresses; that is what local development needs, and the origin was allowed by the
 * project, not by the reader.
 */
export function isLocalOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const kind = classifyAddress(host);
  return kind === 'loopback' || kind === 'private';
}

/** An `AddressRefusedError` for `host` resolving to (or being) `address`. */
export function addressRefused(host: string, address: string, kind: AddressKind): AddressRefusedError {
  const shown = host === address ? `\`${address}\`` : `\`${host}\` (${address})`;
  const error = new Error(`The proxy does not connect to ${shown}: it is a ${kind} address, and the API's origin is not a local one`) as AddressRefusedError;
  error.code = 'DOCSGEN_PROXY_ADDRESS_REFUSED';
  return error;
}

/** Whether `error` is an `AddressRefusedError`. */
export function isAddressRefused(error: unknown): error is AddressRefusedError {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'DOCSGEN_PROXY_ADDRESS_REFUSED';
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^(?:0|[1-9]\d{0,2})$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/** Eight 16-bit groups, or `undefined`. */
function parseIpv6(text: string): number[] | undefined {
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  let head = text;
  let tail: number[] = [];
  // A trailing dotted quad stands for the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = parseIpv4(dotted[2] as string);
    if (!v4) return undefined;
    head = `${dotted[1]}0:0`;
    tail = [((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number)];
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string | undefined): number[] | undefined => {
    if (!half) return [];
    const parts = half.split(':');
    if (!parts.every((part) => /^[0-9a-fA-F]{1,4}$/.test(part))) return undefined;
    return parts.map((part) => parseInt(part, 16));
  };
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  if (!left || !right) return undefined;
  let all: number[];
  if (halves.length === 2) {
    const missing = 8 - left.length - right.length;
    if (missing < 1) return undefined;
    all = [...left, ...Array.from({ length: missing }, () => 0), ...right];
  } else all = left;
  if (all.length !== 8) return undefined;
  if (tail.length === 2) all.splice(6, 2, ...tail);
  return all;
}

function classifyIpv4([a, b]: number[]): AddressKind | undefined {
  const first = a as number;
  const second = b as number;
  if (first === 0) return 'unspecified';
  if (first === 127) return 'loopback';
  if (first === 10 || (first === 172 && second >= 16 && second <= 31) || (first === 192 && second === 168)) return 'private';
  if (first === 169 && second === 254) return 'link-local';
  if (first === 100 && second >= 64 && second <= 127) return 'shared';
  if (first >= 224 && first <= 239) return 'multicast';
  // 240/4 (reserved) and 255.255.255.255 (broadcast).
  if (first >= 240) return 'reserved';
  return undefined;
}

function classifyIpv6(groups: number[]): AddressKind | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embedded = (high: number, low: number): AddressKind | undefined => classifyIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:0:0/96) and the old IPv4-compatible form (::/96).
  if (zeroPrefix && (g5 === 0xffff || g5 === 0)) return embedded(g6, g7) ?? (g5 === 0 ? 'reserved' : undefined);
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it embeds.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embedded(g6, g7);
  // 6to4 (2002::/16) embeds an IPv4 address in the next 32 bits.
  if (g0 === 0x2002) return embedded(g1, g2);
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  // fec0::/10, site-local, deprecated but still routed inside some networks.
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  return undefined;
}
