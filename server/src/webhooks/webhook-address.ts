import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/**
 * Which addresses a webhook may reach. A webhook URL is chosen by a tenant's owner, so without
 * these rules the server could be made to call its own network (loopback, private ranges, a cloud's
 * metadata service). Checked at registration and again after the name is resolved at delivery (a
 * name may point anywhere later), on the very address that is then connected to.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: embeds an IPv4 address
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fd00:ec2::', 32], // AWS metadata over IPv6
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:10.0.0.1), else null. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1] ?? null;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1] ?? '0', 16);
  const low = parseInt(hex[2] ?? '0', 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is public: not loopback, private, link-local, CGNAT, multicast or otherwise reserved. An unparsable one is not. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(bare, 'ipv4');
  const mapped = mappedIpv4(bare);
  if (mapped) return !blocked.check(mapped, 'ipv4');
  return !blocked.check(bare, 'ipv6');
}

export interface WebhookNetworkRules {
  /** Plain http and private addresses (development and tests: a receiver on 127.0.0.1). */
  allowPrivate: boolean;
}

export type UrlRefusal = 'https' | 'private-address' | 'invalid';

/** Why a URL may not be a webhook's target under the rules, or null. Names are checked after resolution, at delivery. */
export function urlRefusal(url: string, rules: WebhookNetworkRules): UrlRefusal | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'invalid';
  if (rules.allowPrivate) return null;
  if (parsed.protocol !== 'https:') return 'https';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : 'private-address';
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost') || lower.endsWith('.internal') || lower.endsWith('.local')) return 'private-address';
  return null;
}

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`Adresse ${address} ist nicht erlaubt (lokales oder privates Netz)`);
  }
}

type Resolver = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/**
 * A `lookup` for node's http(s) requests that resolves the name, refuses it when any of its
 * addresses is not public, and hands the checked address to the connection (no second resolution
 * in between that could answer differently).
 */
export function checkedLookup(rules: WebhookNetworkRules, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = rules.allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(new RefusedAddressError(refused.address), '', 0);
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
      const first = wanted[0];
      if (!first) return callback(Object.assign(new Error(`Keine Adresse für ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
      return callback(null, first.address, first.family);
    });
  };
}
