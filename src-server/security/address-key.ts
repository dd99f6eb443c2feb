import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let text = bare.toLowerCase();
  // An IPv4 tail (::ffff:192.0.2.1) becomes its two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  return groups.length === 8 ? groups.map((group) => parseInt(group, 16)) : null;
}

/**
 * The key under which a client's address is counted by the per-address limits. An IPv4
 * address stands for itself (and so does one written as IPv6, ::ffff:192.0.2.1). An IPv6
 * address stands for its /64: one subscriber, one home or one server is given a whole /64
 * (RFC 6177) and can pick any of its 2^64 addresses, so counting them one by one would give
 * a single machine as many shares as it wants.
 */
export function addressKey(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(':')}::/64`;
}
