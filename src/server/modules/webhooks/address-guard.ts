import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// SSRF guard for webhook targets (issue 14, decision 047): only public unicast addresses,
// checked when an endpoint is saved and again, after DNS resolution, right before each send;
// the connection then goes to the checked address (pinned), so a second lookup cannot swap it.

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Hostname to addresses; the default asks the system resolver. Tests pass their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Cloud instance-metadata services: refused even when private targets are allowed. */
const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2::254']);

export class RefusedTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedTargetError';
  }
}

/** IPv6 forms that stand for an IPv4 address: judged as that address. */
const standsForIPv4 = (v6: ipaddr.IPv6): boolean =>
  v6.isIPv4MappedAddress() || isIPv4Compatible(v6);

/**
 * `::a.b.c.d`, IPv4-compatible (deprecated, RFC 4291 §2.5.5.1): ipaddr.js has no range for it,
 * so `::127.0.0.1` read as unicast (issue 18). `::` and `::1` keep their own ranges.
 */
function isIPv4Compatible(v6: ipaddr.IPv6): boolean {
  const p = v6.parts;
  return p.slice(0, 6).every((part) => part === 0) && (p[6] !== 0 || p[7]! > 1);
}

const ipv4From = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 address inside a translation or tunnel form (NAT64, 6to4, Teredo), if any. */
function carriedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  switch (v6.range()) {
    case 'rfc6052':
      // 64:ff9b::/96 keeps the IPv4 address in its last 32 bits; the /48 local-use prefix may
      // place it elsewhere, so nothing is read from it (its range refuses it anyway).
      return p[2] === 0 ? ipv4From(p[6]!, p[7]!) : null;
    case 'rfc6145':
      return ipv4From(p[6]!, p[7]!);
    case '6to4':
      return ipv4From(p[1]!, p[2]!);
    case 'teredo':
      // RFC 4380 §4: the client's address is stored with every bit inverted.
      return ipv4From(p[6]! ^ 0xffff, p[7]! ^ 0xffff);
    default:
      return null;
  }
}

const globalUnicastV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Why an address may not receive webhooks, or null when it may. Only a public unicast address
 * passes (ipaddr.js's `unicast` range, and for IPv6 inside 2000::/3, the only block handed out
 * for global unicast); an IPv4-mapped or IPv4-compatible IPv6 address is judged as the IPv4
 * address it stands for. Everything else (private, loopback, link-local, CGNAT, unique-local,
 * multicast, reserved, and the NAT64 / 6to4 / Teredo forms that can carry any IPv4 address) is
 * refused unless `allowPrivate`. The cloud metadata addresses always are, in any spelling:
 * IPv4 in decimal, octal or hex (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`) is read by
 * ipaddr.js as the address it names.
 */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  let judged: ipaddr.IPv4 | ipaddr.IPv6 = parsed;
  let shown = parsed.toString();
  let carried: ipaddr.IPv4 | null = null;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (standsForIPv4(v6)) {
      judged = ipv4From(v6.parts[6]!, v6.parts[7]!);
      shown = `${v6.toString()} (${judged.toString()})`;
    } else {
      carried = carriedIPv4(v6);
    }
  }
  const carrying = carried ? `carrying ${carried.toString()}` : '';
  if (
    metadataAddresses.has(judged.toString()) ||
    (carried && metadataAddresses.has(carried.toString()))
  ) {
    return `${shown} is a cloud metadata address${carried ? ` (${carrying})` : ''}`;
  }
  if (allowPrivate) return null;
  let range: string = judged.range();
  if (range === 'unicast' && judged.kind() === 'ipv6' && !judged.match(globalUnicastV6)) {
    range = 'outside global unicast 2000::/3';
  }
  if (range === 'unicast') return null;
  return `${shown} is not a public address (${range}${carried ? `, ${carrying}` : ''})`;
}

/** The host part of a URL as a bare name or address (IPv6 without its brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export type GuardOptions = { allowPrivate: boolean; resolver?: Resolver };

/**
 * Checks a webhook URL and resolves its host: the address to connect to, or a
 * RefusedTargetError saying why not. Every resolved address must pass, not just the first.
 */
export async function resolveTarget(
  rawUrl: string,
  options: GuardOptions,
): Promise<ResolvedAddress> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RefusedTargetError('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RefusedTargetError('only http:// and https:// URLs receive webhooks');
  }
  if (url.username || url.password) {
    throw new RefusedTargetError('a URL with a user name or password is not accepted');
  }
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch {
      throw new RefusedTargetError(`${host} does not resolve`);
    }
    if (addresses.length === 0) throw new RefusedTargetError(`${host} does not resolve`);
  }
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, options.allowPrivate);
    if (refusal) {
      throw new RefusedTargetError(literal ? refusal : `${host} resolves to ${refusal}`);
    }
  }
  return addresses[0]!;
}
