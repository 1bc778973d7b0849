import { z } from 'zod';
import { safeText } from '../schema/text';

/** Search from the top bar (issue 25, decision 079): one box across orders, customers, serials. */

export const searchLimits = { minLength: 2, maxLength: 100, perGroup: 8 } as const;

export const searchMessages = {
  tooShort: `Type at least ${searchLimits.minLength} characters to search`,
  tooLong: `Search for at most ${searchLimits.maxLength} characters`,
} as const;

export const searchQuery = z.object({
  q: safeText({ error: searchMessages.tooShort })
    .trim()
    .min(searchLimits.minLength, searchMessages.tooShort)
    .max(searchLimits.maxLength, searchMessages.tooLong),
});
export type SearchQuery = z.output<typeof searchQuery>;

/**
 * What a result is: an order (back office, contractor), a customer (back office), an
 * engineer's own visit, or a serial number of installed or stocked kit.
 */
export const searchKinds = ['orders', 'customers', 'visits', 'serials'] as const;
export type SearchKind = (typeof searchKinds)[number];

export const searchKindLabels: Record<SearchKind, string> = {
  orders: 'Orders',
  customers: 'Customers',
  visits: 'Visits',
  serials: 'Serials',
};

/** Which of its values the term matched, named for the person reading the result. */
export const searchMatchFields = [
  'order number',
  'partner reference',
  'name',
  'postcode',
  'phone',
  'email',
  'serial',
] as const;
export type SearchMatchField = (typeof searchMatchFields)[number];

export const searchResult = z.object({
  /** The id of what the link opens (order, customer, visit or serial). */
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The page for this role: /orders/:id, /contractor/orders/:id, /engineer/visits/:id, … */
  href: z.string(),
  matched: z.enum(searchMatchFields),
});
export type SearchResult = z.output<typeof searchResult>;

export const searchGroup = z.object({
  kind: z.enum(searchKinds),
  label: z.string(),
  items: z.array(searchResult),
});
export type SearchGroup = z.output<typeof searchGroup>;

export const searchResponse = z.object({
  q: z.string(),
  groups: z.array(searchGroup),
});
export type SearchResponse = z.output<typeof searchResponse>;
