// Order numbers (issue 18, docs/decisions/051-order-numbers-with-a-random-code.md).
// Issued before issue 18: `UPL-2026-000123`. Issued since: `UPL-2026-000124-K7QF`, the same
// sequence followed by a random code, so the next customer's number cannot be worked out from
// one's own. Both forms stay valid for ever.

/**
 * The random code's characters: digits and capitals without 0, O, 1, I, L and U, so a number
 * read out over the phone or copied by hand has no look-alikes.
 */
export const orderNumberCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 30^4 = 810,000 codes per sequence number. */
export const orderNumberCodeLength = 4;

const codePattern = `[${orderNumberCodeAlphabet}]{${orderNumberCodeLength}}`;

/** An order number of either form; the code is optional because old numbers have none. */
export const orderNumberPattern = new RegExp(`^UPL-(\\d{4})-(\\d{6,})(?:-(${codePattern}))?$`);

export type OrderNumberParts = {
  year: number;
  sequence: number;
  /** Null for a number issued before issue 18. */
  code: string | null;
};

export function formatOrderNumber(parts: OrderNumberParts): string {
  const base = `UPL-${String(parts.year).padStart(4, '0')}-${String(parts.sequence).padStart(6, '0')}`;
  return parts.code === null ? base : `${base}-${parts.code}`;
}

/** The parts of an order number of either form, or null for anything else. */
export function parseOrderNumber(text: string): OrderNumberParts | null {
  const match = orderNumberPattern.exec(text);
  if (!match) return null;
  return { year: Number(match[1]), sequence: Number(match[2]), code: match[3] ?? null };
}

export function isOrderNumber(text: string): boolean {
  return orderNumberPattern.test(text);
}

/**
 * A random code from `randomIndex(n)`, which answers an integer in [0, n) (the server passes
 * crypto's randomInt; shared code imports no Node API).
 */
export function orderNumberCode(randomIndex: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < orderNumberCodeLength; i += 1) {
    code += orderNumberCodeAlphabet[randomIndex(orderNumberCodeAlphabet.length)];
  }
  return code;
}
