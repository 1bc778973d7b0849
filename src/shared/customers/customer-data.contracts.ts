import { z } from 'zod';

// Data protection (issue 21): the customer's data export and anonymisation.

export const anonymiseCustomerResponse = z.object({
  id: z.uuid(),
  anonymisedAt: z.string(),
  /** True when the customer had been anonymised before this call (nothing changed). */
  alreadyAnonymised: z.boolean(),
  /** Stored files (photos, signatures) deleted by this call. */
  filesRemoved: z.number().int(),
});
export type AnonymiseCustomerResponse = z.infer<typeof anonymiseCustomerResponse>;
