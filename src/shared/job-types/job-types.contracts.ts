import { z } from 'zod';
import { safeText } from '../schema/text';
import { optionalText, pence, requiredText } from '../schema/common.contracts';

export const jobTypeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Default price charged to the partner, pence. */
  defaultPricePence: z.number().int(),
  /** Default payout to the contractor, pence. */
  defaultPayoutPence: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobType = z.infer<typeof jobTypeSchema>;

const jobTypeCode = safeText({ error: 'Required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,29}$/, 'Use 2 to 30 letters, digits, - or _');

export const createJobTypeBody = z.object({
  code: jobTypeCode,
  name: requiredText(120),
  description: optionalText(1000, { multiline: true }),
  defaultPricePence: pence,
  defaultPayoutPence: pence,
  active: z.boolean().default(true),
});
export type CreateJobTypeBody = z.input<typeof createJobTypeBody>;

export const updateJobTypeBody = z
  .object({
    code: jobTypeCode,
    name: requiredText(120),
    description: optionalText(1000, { multiline: true }),
    defaultPricePence: pence,
    defaultPayoutPence: pence,
    active: z.boolean(),
  })
  .partial();
export type UpdateJobTypeBody = z.input<typeof updateJobTypeBody>;

/** The list also answers contractors, who never see the partner price (issue 12). */
export const jobTypeListItem = jobTypeSchema.extend({
  /** Back office only. */
  defaultPricePence: z.number().int().optional(),
});
export const jobTypeListResponse = z.object({ items: z.array(jobTypeListItem) });
