import { z } from 'zod';
import { safeText } from '../schema/text';
import { emailField, optionalText, phoneField, requiredText } from '../schema/common.contracts';

export const partnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** Its own SLA target in days; null uses the setting. */
  slaTargetDays: z.number().int().nullable(),
  active: z.boolean(),
  orderCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

const partnerCode = safeText({ error: 'Required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,19}$/, 'Use 2 to 20 letters, digits, - or _');

export const createPartnerBody = z.object({
  name: requiredText(120),
  code: partnerCode,
  contactName: optionalText(120),
  contactEmail: emailField.nullish().transform((v) => v ?? null),
  contactPhone: phoneField.nullish().transform((v) => v ?? null),
  slaTargetDays: z
    .number()
    .int()
    .min(1)
    .max(365)
    .nullish()
    .transform((v) => v ?? null),
  active: z.boolean().default(true),
});
export type CreatePartnerBody = z.input<typeof createPartnerBody>;

export const updatePartnerBody = z
  .object({
    name: requiredText(120),
    code: partnerCode,
    contactName: optionalText(120),
    contactEmail: emailField.nullable(),
    contactPhone: phoneField.nullable(),
    slaTargetDays: z.number().int().min(1).max(365).nullable(),
    active: z.boolean(),
  })
  .partial();
export type UpdatePartnerBody = z.input<typeof updatePartnerBody>;

export const partnerListResponse = z.object({ items: z.array(partnerSchema) });
