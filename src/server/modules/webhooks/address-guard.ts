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

/**
 * Why an address may not receive webhooks, or null when it may. Anything but a public unicast
 * address is refused (private, loopback, link-local, CGNAT, unique-local, multicast, reserved,
 * NAT64/6to4/Teredo forms that can wrap such an address) unless `allowPrivate`; the cloud
 * metadata addresses always are.
 */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const normal = parsed.toString();
  if (metadataAddresses.has(normal)) return `${normal} is a cloud metadata address`;
  const range = parsed.range();
  if (range === 'unicast' || allowPrivate) return null;
  return `${normal} is not a public address (${range})`;
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
