import { z } from 'zod';
import { safeText, searchText } from '../schema/text';
import { normaliseCoverageArea } from '../uk-postcode';
import {
  emailField,
  optionalText,
  orderMessages,
  pence,
  phoneField,
  postcodeField,
  requiredText,
} from '../schema/common.contracts';
import { addressSchema } from '../customers/customers.contracts';

export const contractorRateSchema = z.object({
  jobTypeId: z.uuid(),
  jobTypeName: z.string(),
  payoutPence: z.number().int(),
});

export const engineerSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  active: z.boolean(),
});
export type Engineer = z.infer<typeof engineerSchema>;

export const contractorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  companyNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  address: addressSchema.nullable(),
  /** Postcode areas (`EX`) and districts (`PL12`) it covers. */
  coverageAreas: z.array(z.string()),
  active: z.boolean(),
  rates: z.array(contractorRateSchema),
  engineerCount: z.number().int(),
  openOrderCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contractor = z.infer<typeof contractorSchema>;

export const contractorDetail = contractorSchema.extend({ engineers: z.array(engineerSchema) });
export type ContractorDetail = z.infer<typeof contractorDetail>;

const coverage = z
  .array(safeText().max(20))
  .max(200)
  .transform((areas, ctx) => {
    const result: string[] = [];
    for (const area of areas) {
      const normalised = normaliseCoverageArea(area);
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: orderMessages.invalidCoverage });
        return z.NEVER;
      }
      if (!result.includes(normalised)) result.push(normalised);
    }
    return result;
  });

const rates = z
  .array(z.object({ jobTypeId: z.uuid(), payoutPence: pence }))
  .max(100)
  .refine((list) => new Set(list.map((r) => r.jobTypeId)).size === list.length, {
    message: 'One rate per job type',
  });

const companyNumber = safeText()
  .trim()
  .toUpperCase()
  .regex(
    /^([0-9]{8}|[A-Z]{2}[0-9]{6})$/,
    'A company number is 8 characters, e.g. 01234567 or SC123456',
  )
  .nullish()
  .transform((v) => v ?? null);
const vatNumber = safeText()
  .trim()
  .toUpperCase()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(GB)?([0-9]{9}|[0-9]{12})$/, 'A VAT number is GB and 9 digits'))
  .nullish()
  .transform((v) => v ?? null);

export const contractorAddressInput = z.object({
  line1: requiredText(200),
  line2: optionalText(200),
  town: requiredText(100),
  county: optionalText(100),
  postcode: postcodeField,
});

export const createContractorBody = z.object({
  name: requiredText(160),
  companyNumber,
  vatNumber,
  contactEmail: emailField,
  contactPhone: phoneField.nullish().transform((v) => v ?? null),
  address: contractorAddressInput.nullish().transform((v) => v ?? null),
  coverageAreas: coverage.default([]),
  rates: rates.default([]),
  active: z.boolean().default(true),
});
export type CreateContractorBody = z.input<typeof createContractorBody>;

export const updateContractorBody = z
  .object({
    name: requiredText(160),
    companyNumber,
    vatNumber,
    contactEmail: emailField,
    contactPhone: phoneField.nullable(),
    address: contractorAddressInput.nullable(),
    coverageAreas: coverage,
    rates,
    active: z.boolean(),
  })
  .partial();
export type UpdateContractorBody = z.input<typeof updateContractorBody>;

export const contractorListQuery = z.object({
  q: searchText(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  /** Contractors covering this postcode. */
  covers: searchText(10).optional(),
});
export const contractorListResponse = z.object({ items: z.array(contractorSchema) });
export const engineerListResponse = z.object({ items: z.array(engineerSchema) });
