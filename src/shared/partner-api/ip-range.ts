// Addresses and CIDR ranges as back office types them (blocked IPs, a key's allowed ranges):
// checked here so the form and the server give the same answer. Pure, no Node or DOM API.

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return (
    parts.length === 4 &&
    parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)
  );
}

function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const all = halves.flatMap(groups);
  let count = 0;
  for (const [index, group] of all.entries()) {
    if (index === all.length - 1 && group.includes('.')) {
      if (!isIpv4(group)) return false;
      count += 2;
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) count += 1;
    else return false;
  }
  return halves.length === 2 ? count < 8 : count === 8;
}

export type IpFamily = 4 | 6;

/** 4 or 6 for an address, null otherwise. */
export function ipFamily(text: string): IpFamily | null {
  if (isIpv4(text)) return 4;
  if (isIpv6(text)) return 6;
  return null;
}

/** An address (`203.0.113.7`, `2001:db8::1`) or a range (`203.0.113.0/24`, `2001:db8::/32`). */
export function parseIpRange(
  text: string,
): { address: string; family: IpFamily; bits: number } | null {
  const [address = '', prefix, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const family = ipFamily(address);
  if (!family) return null;
  const full = family === 4 ? 32 : 128;
  if (prefix === undefined) return { address, family, bits: full };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > full) return null;
  return { address, family, bits: Number(prefix) };
}

export const ipRangeMessage =
  'Enter an IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24';
