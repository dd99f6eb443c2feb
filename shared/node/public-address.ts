import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { Agent, type AgentOptions } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { UnsafeAddressError } from '../notifications/delivery.ts';

/**
 * The server and the Cloud Function contact addresses that someone else chose: a browser's
 * push endpoint, the owner's webhook. Only public addresses may be contacted, never the
 * machine itself or its network (a cloud's metadata service at 169.254.169.254, a router at
 * 10.0.0.1): the host's addresses are checked before the request, and again by the
 * connection's own DNS lookup, so that a name that changes its answer in between (DNS
 * rebinding) is refused too.
 */

/** Ranges that are not the public Internet (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // « this network »
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
/**
 * IPv6 is an allow-list: only global unicast (2000::/3) is the public Internet; everything
 * else (loopback, unique local fc00::/7, link-local, the deprecated site-local fec0::/10,
 * SRv6's 5f00::/16, the IPv4-translated ::ffff:0:a.b.c.d, multicast, what IANA has not
 * allotted yet) is refused, so that a range forgotten here fails closed. NAT64 and 6to4
 * addresses are judged by the IPv4 address inside them (embeddedIpv4).
 */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');
/** The special-purpose ranges inside 2000::/3 (IANA's IPv6 special-purpose registry). */
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address, its « :: » and a dotted IPv4 end expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const [head, tail] = text.split('::');
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) or 6to4
 * (2002:aabb:ccdd::) address, written in any of IPv6's forms: the machine it leads to, which
 * must be public too.
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const ipv4 = (high = 0, low = 0) => [high >> 8, high & 255, low >> 8, low & 255].join('.');
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4(g[1], g[2]);
  return null;
}

/** Whether this IP address (v4 or v6) is on the public Internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  const inner = embeddedIpv4(address);
  if (inner !== null) return isPublicAddress(inner);
  return GLOBAL_UNICAST.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
}

export interface AddressPolicy {
  /**
   * For the tests only (TEST_LOOPBACK_ENDPOINTS): addresses of this machine (127.0.0.0/8,
   * ::1) are accepted too, so that a local push service or webhook can stand in. Never the
   * rest of the private network.
   */
  allowLoopback: boolean;
}

export const PUBLIC_ONLY: AddressPolicy = { allowLoopback: false };

function allowed(address: string, policy: AddressPolicy): boolean {
  if (isPublicAddress(address)) return true;
  if (!policy.allowLoopback) return false;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return LOOPBACK.check(address, family);
}

/** « 10.0.0.1 », « [::1] », « intranet.local » as written in the address. */
function refused(host: string): UnsafeAddressError {
  return new UnsafeAddressError(
    `l’adresse ${host} mène à cette machine ou à un réseau privé : seules les adresses publiques d’Internet sont contactées.`,
  );
}

/** A bracketed IPv6 literal of a URL's hostname, bare. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Checks that an https address leads to the public Internet: its host is a public IP, or a
 * name whose every address is public. Rejects with an UnsafeAddressError in French (never
 * the resolver's own words).
 */
export async function checkPublicUrl(url: string, policy: AddressPolicy): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeAddressError('l’adresse n’est pas une adresse https:// valide.');
  }
  if (parsed.protocol !== 'https:') {
    throw new UnsafeAddressError('seules les adresses https:// sont contactées.');
  }
  const host = bareHost(parsed.hostname);
  // RFC 6761: localhost and its subdomains are this machine, whatever a resolver says.
  if ((host === 'localhost' || host.endsWith('.localhost')) && !policy.allowLoopback) {
    throw refused(host);
  }
  if (isIP(host) !== 0) {
    if (!allowed(host, policy)) throw refused(parsed.hostname);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookupAsync(host, { all: true, verbatim: true });
  } catch {
    throw new UnsafeAddressError(`le nom ${host} est introuvable (DNS).`);
  }
  if (addresses.length === 0 || addresses.some(({ address }) => !allowed(address, policy))) {
    throw refused(host);
  }
}

/**
 * A browser's push endpoint: a public https address (checkPublicUrl) on port 443, the only
 * one the push services use (Google's, Mozilla's, Apple's, Microsoft's). Another port is a
 * way to reach a service that is not a push service; the tests' local stand-in (loopback,
 * TEST_LOOPBACK_ENDPOINTS) may use any.
 */
export async function checkPushEndpoint(url: string, policy: AddressPolicy): Promise<void> {
  await checkPublicUrl(url, policy);
  const { port, hostname } = new URL(url);
  const host = bareHost(hostname);
  const loopback =
    policy.allowLoopback &&
    (host === 'localhost' ||
      (isIP(host) !== 0 && LOOPBACK.check(host, isIP(host) === 6 ? 'ipv6' : 'ipv4')));
  if (port !== '' && port !== '443' && !loopback) {
    throw new UnsafeAddressError(
      `le port ${port} n’est pas celui d’un service de notifications push : seul le port 443 (https) est contacté.`,
    );
  }
}

/**
 * The lookup a connection makes: the same as Node's, refusing a name that leads anywhere but
 * the public Internet at the moment of connecting.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      if (addresses.length === 0 || addresses.some(({ address }) => !allowed(address, policy))) {
        callback(refused(hostname), '', 0);
        return;
      }
      if (options.all) {
        (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        return;
      }
      const [first] = addresses;
      callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/** An HTTPS agent whose connections only reach public addresses. */
export function publicOnlyAgent(policy: AddressPolicy, options: AgentOptions = {}): Agent {
  return new Agent({ ...options, lookup: guardedLookup(policy) });
}
