/**
 * A visitor is a network, not an address: one IPv6 line (a home's, a VPS's) holds 2^64 addresses
 * or more, so IPv6 addresses are grouped by their first `prefix` bits before they become a
 * visitor key. IPv4 stays per address; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a
 * dual-stack socket reports IPv4 clients) is that IPv4 address.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const GROUP = /^[0-9A-Fa-f]{1,4}$/;

/**
 * The visitor key of an address: IPv4 as written, IPv6 as its network (`2001:db8:0:ab00::/56`),
 * or undefined when `text` is not an IP address (a key of the application's own: kept as is).
 */
export function networkOf(text: string, prefix: number): string | undefined {
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return undefined;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6] as number, groups[7] as number];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  const masked = groups.map((group, i) => {
    const bits = Math.min(16, Math.max(0, prefix - 16 * i));
    return bits === 0 ? 0 : group & (0xffff << (16 - bits)) & 0xffff;
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${prefix}`;
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone id allowed), or undefined. */
export function ipv6Groups(text: string): number[] | undefined {
  let rest = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = rest.indexOf('%');
  if (zone >= 0) rest = rest.slice(0, zone);
  if (rest.length < 2 || rest.length > 45) return undefined;
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string;
      if (i === pieces.length - 1 && IPV4.test(piece)) {
        const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else if (GROUP.test(piece)) out.push(Number.parseInt(piece, 16));
      else return undefined;
    }
    return out;
  };
  const head = parse(halves[0] as string);
  const tail = halves.length === 2 ? parse(halves[1] as string) : [];
  if (!head || !tail) return undefined;
  // A dotted IPv4 tail may only end the address.
  if (halves.length === 2 && (halves[0] as string).includes('.')) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...head, ...Array<number>(Math.max(0, missing)).fill(0), ...tail];
}
