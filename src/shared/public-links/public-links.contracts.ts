// Public links a customer follows from our messages (PRODUCT.md "Public links", issue 11).

export const publicLinkPurposes = ['customer_form', 'kit_arrived'] as const;
export type PublicLinkPurpose = (typeof publicLinkPurposes)[number];

/** How long each link works after it is sent. */
export const publicLinkLifetimeDays: Record<PublicLinkPurpose, number> = {
  customer_form: 30,
  kit_arrived: 60,
};

/** The page each purpose opens, as `{path}/{token}`. */
export const publicLinkPaths: Record<PublicLinkPurpose, string> = {
  customer_form: '/customer-form',
  kit_arrived: '/kit-arrived',
};

/** Why a link did not open; the page says which, and how to get a new one. */
export const publicLinkProblems = [
  'unknown',
  'expired',
  'used',
  'replaced',
  'wrong_purpose',
] as const;
export type PublicLinkProblem = (typeof publicLinkProblems)[number];
