import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a per-address limit counts a client under (docs/security.md "Limits per client address"). An IPv4 client is
 * one address. An IPv6 client gets a whole /64 from its provider and can rotate freely inside it, so the /64 is the
 * client; a /48 is a site (often one customer line or one server rack) and gets a stricter limit of its own. IPv4
 * addresses written as IPv6 (`::ffff:192.0.2.1`, as Node reports them on a dual-stack socket) count as IPv4.
 */
export interface ClientAddress {
  /** The key of the client: `v4:<address>` or `v6:<first four groups>::/64`. */
  client: string;
  /** The key of the client's /48 (IPv6 only), null for IPv4. */
  site: string | null;
}

/** The eight 16-bit groups of an IPv6 address (zone removed), or null when it is not one. */
function groupsOf(address: string): number[] | null {
  const plain = address.split('%')[0] ?? '';
  if (!isIPv6(plain)) return null;
  let text = plain.toLowerCase();
  // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const missing = 8 - front.length - back.length;
  return [...front, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
}

export function clientAddress(ip: string): ClientAddress {
  const address = ip.trim();
  if (isIPv4(address)) return { client: `v4:${address}`, site: null };
  const groups = groupsOf(address);
  if (!groups || groups.length !== 8) return { client: `other:${address.slice(0, 64)}`, site: null };
  const isMappedV4 = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMappedV4) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return { client: `v4:${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`, site: null };
  }
  const hex = (g: number) => g.toString(16);
  return { client: `v6:${groups.slice(0, 4).map(hex).join(':')}::/64`, site: `v6:${groups.slice(0, 3).map(hex).join(':')}::/48` };
}
