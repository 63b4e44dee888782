import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}

/** Private, loopback, link-local, multicast and reserved addresses (IPv4-mapped IPv6 included). */
export function isBlockedAddress(address: string, allowLoopback = false): boolean {
  if (allowLoopback && isLoopback(address)) return false;
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export class UnsafeUrlError extends Error {}

export type SafeFetchOptions = { maxBytes: number; timeoutMs?: number; allowLoopback?: boolean };

/**
 * GETs a public http(s) URL. The address is checked after DNS resolution and the socket
 * connects to that same address (no rebinding window); redirects are not followed.
 */
export function safeFetch(
  rawUrl: string,
  options: SafeFetchOptions,
): Promise<{ body: Buffer; isTooLarge: boolean }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new UnsafeUrlError('Invalid URL.'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new UnsafeUrlError('Only http and https URLs are allowed.'));
  if (url.username || url.password)
    return Promise.reject(new UnsafeUrlError('URLs with credentials are not allowed.'));
  // A literal IP never reaches `lookup`, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isBlockedAddress(literal, options.allowLoopback)) {
    return Promise.reject(new UnsafeUrlError('The address is not allowed.'));
  }

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as { address: string; family: number }[];
      const unsafe = list.find((entry) => isBlockedAddress(entry.address, options.allowLoopback));
      if (unsafe || list.length === 0)
        return callback(new UnsafeUrlError('The address is not allowed.'), '', 4);
      if ((lookupOptions as { all?: boolean }).all)
        return (callback as (e: null, a: typeof list) => void)(null, list);
      const first = list[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    });
  };

  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { lookup, timeout: options.timeoutMs ?? 5000, headers: { accept: 'image/*' } },
      (response) => {
        if ((response.statusCode ?? 500) >= 300) {
          response.resume();
          reject(new UnsafeUrlError(`The URL answered ${response.statusCode}.`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            resolve({ body: Buffer.alloc(0), isTooLarge: true });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks), isTooLarge: false }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new UnsafeUrlError('The URL did not answer in time.')));
    request.on('error', reject);
  });
}
