import { BlockList, isIP } from 'node:net';

/**
 * Addresses that are nobody's location: private, loopback, link-local, shared, documentation,
 * multicast and other reserved ranges (IANA special-purpose registries). The country database
 * places some of them in a country (192.168.0.0/16 came back as AU), so they are answered
 * before any data is read.
 */
const special = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  special.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  special.addSubnet(network, prefix, 'ipv6');
}

/** Longest textual IPv6 address with an embedded IPv4 (45) — anything longer is not an address. */
const MAX_ADDRESS_LENGTH = 45;

export type ParsedAddress = { family: 4 | 6; address: string } | null;

/**
 * The address in a form the databases read: trimmed, an IPv4-mapped IPv6 address (::ffff:1.2.3.4,
 * as a dual-stack socket reports IPv4 clients) as plain IPv4, or null when it is not an address.
 */
export function parseAddress(raw: string): ParsedAddress {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  const address = mapped ? mapped[1]! : text;
  const family = isIP(address);
  if (family === 4) return { family: 4, address };
  if (family === 6) return { family: 6, address: address.toLowerCase() };
  return null;
}

export function isSpecialAddress({ family, address }: { family: 4 | 6; address: string }): boolean {
  return special.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
