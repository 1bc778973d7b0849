// The text an order's and a customer's list search match (decision 011): shared so the orders and
// customers modules build it alike without importing each other.
import { normaliseUkPhone } from '../phone';
import { normaliseUkPostcode } from '../uk-postcode';

/** Lower-case text the list's search matches with one trigram index. */
export function orderSearchText(
  order: { orderNumber: string; partnerReference: string | null },
  customer: {
    firstName: string;
    lastName: string;
    postcode: string;
    email: string | null;
    phone: string | null;
  },
): string {
  const parts = [
    order.orderNumber,
    order.partnerReference,
    `${customer.firstName} ${customer.lastName}`,
    customer.postcode,
    customer.postcode.replace(/\s+/g, ''),
    customer.email,
    customer.phone,
    customer.phone?.startsWith('+44') ? `0${customer.phone.slice(3)}` : null,
  ];
  return parts
    .filter((part): part is string => !!part)
    .join(' | ')
    .toLowerCase();
}

/** The forms of a search term worth matching: as typed, and as a phone or postcode. */
export function searchPatterns(q: string): string[] {
  const term = q.trim().toLowerCase();
  if (!term) return [];
  const forms = new Set([term]);
  const postcode = normaliseUkPostcode(term);
  if (postcode) forms.add(postcode.toLowerCase());
  if (/^[+\d][\d\s()-]{6,}$/.test(term)) {
    const phone = normaliseUkPhone(term);
    if (phone) forms.add(phone.toLowerCase());
    forms.add(term.replace(/[\s()-]/g, ''));
  }
  // LIKE wildcards typed by the user are matched literally.
  return [...forms].map((form) => `%${form.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
