import { isIPv6 } from 'node:net';

/** Expands an IPv6 address ("2001:db8::1") into its eight 16-bit groups. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, extra] = address.toLowerCase().split('::');
  if (extra !== undefined) return null;
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail ?? '');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

/**
 * The key per-IP limits count under. IPv4 (also written IPv4-mapped) is the address; an
 * IPv6 client is its /64, because one subscriber is usually handed a whole /64 and could
 * otherwise take a fresh address for every request.
 */
export function clientKey(ip: string): string {
  // IPv4, the usual case, has no colon: it is its own key. (Node's IPv6 test is one long regular
  // expression, which every rate-limited request paid for; bench/README.md.)
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** 127.0.0.0/8 and ::1, also IPv4-mapped: requests from this machine itself. */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/i, '');
  return /^127\./.test(v4) || ip === '::1';
}

/**
 * The network an address belongs to, for showing a person where a session started without
 * keeping where they are: IPv4 without its last byte (`203.0.113.x`), IPv6 as its /48.
 */
export function networkOf(ip: string): string | null {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.x`;
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return null;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}
