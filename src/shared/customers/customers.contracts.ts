import { z } from 'zod';
import { cursorPageFields, cursorQuery } from '../schema/paging.contracts';
import { customerAnswersSchema } from '../customer-links/customer-answers.contracts';
import { searchText } from '../schema/text';
import {
  emailField,
  listOf,
  optionalText,
  pageOf,
  pageQuery,
  phoneField,
  orderMessages,
  postcodeField,
  reasonField,
  requiredText,
} from '../schema/common.contracts';
import { customerValidationStatuses, kitStatuses, orderStatuses } from '../orders/order-status';

export const addressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  town: z.string(),
  county: z.string().nullable(),
  postcode: z.string(),
});

export const customerSchema = z.object({
  id: z.uuid(),
  /** Human-readable, `CUS-000123`. */
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** +44… */
  phone: z.string().nullable(),
  address: addressSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  notes: z.string().nullable(),
  validationStatus: z.enum(customerValidationStatuses),
  rejectionReason: z.string().nullable(),
  validatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const addressInput = z.object({
  line1: requiredText(200),
  line2: optionalText(200),
  town: requiredText(100),
  county: optionalText(100),
  postcode: postcodeField,
});

// Coordinates of the installation site, within Great Britain and Northern Ireland.
const latitudeValue = z
  .number({ message: 'Enter the latitude as a number, such as 50.7236' })
  .min(49, 'Latitude must be between 49 and 61 (the UK)')
  .max(61, 'Latitude must be between 49 and 61 (the UK)');
const longitudeValue = z
  .number({ message: 'Enter the longitude as a number, such as -3.5275' })
  .min(-9, 'Longitude must be between -9 and 3 (the UK)')
  .max(3, 'Longitude must be between -9 and 3 (the UK)');
const latitude = latitudeValue.nullish().transform((v) => v ?? null);
const longitude = longitudeValue.nullish().transform((v) => v ?? null);

/** A new customer; at least one way to reach them. */
export const customerInput = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField.nullish().transform((v) => v ?? null),
    phone: phoneField.nullish().transform((v) => v ?? null),
    address: addressInput,
    latitude,
    longitude,
    notes: optionalText(2000, { multiline: true }),
  })
  .refine((c) => c.email !== null || c.phone !== null, {
    message: orderMessages.contactNeeded,
    path: ['email'],
  })
  // Shown on both fields: either one fixes it.
  .refine((c) => c.email !== null || c.phone !== null, {
    message: orderMessages.contactNeeded,
    path: ['phone'],
  });
export type CustomerInput = z.input<typeof customerInput>;

export const updateCustomerBody = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField.nullable(),
    phone: phoneField.nullable(),
    address: addressInput,
    latitude: latitudeValue.nullable(),
    longitude: longitudeValue.nullable(),
    notes: optionalText(2000, { multiline: true }),
  })
  .partial();
export type UpdateCustomerBody = z.input<typeof updateCustomerBody>;

export const rejectCustomerBody = z.object({ reason: reasonField });

export const customerListQuery = z.object({
  ...pageQuery,
  ...cursorQuery,
  q: searchText(100).optional(),
  validationStatus: listOf(customerValidationStatuses),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerListItem = customerSchema.extend({ orderCount: z.number().int() });
export type CustomerListItem = z.infer<typeof customerListItem>;
export const customerListResponse = pageOf(customerListItem).extend(cursorPageFields);

export const customerOrderSummary = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  kitStatus: z.enum(kitStatuses),
  jobTypeName: z.string(),
  partnerName: z.string(),
  receivedAt: z.string(),
});
export const customerDetail = customerSchema.extend({
  orders: z.array(customerOrderSummary),
  /** When their personal data was replaced (issue 21); null or absent while held. */
  anonymisedAt: z.string().nullable().optional(),
  /** What the customer sent on each order's customer form, newest order first (issue 24). */
  customerAnswers: z
    .array(z.object({ orderId: z.uuid(), orderNumber: z.string(), answers: customerAnswersSchema }))
    .optional(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

/** Duplicate check before creating: same email, same phone, or same name and postcode. */
export const duplicateCustomerQuery = z.object({
  email: searchText(254).optional(),
  phone: searchText(40).optional(),
  firstName: searchText(100).optional(),
  lastName: searchText(100).optional(),
  postcode: searchText(20).optional(),
});
export const duplicateMatch = z.object({
  customer: customerSchema,
  matchedOn: z.array(z.enum(['email', 'phone', 'name_postcode'])),
});
export type DuplicateMatch = z.infer<typeof duplicateMatch>;
export const duplicateCustomerResponse = z.object({ matches: z.array(duplicateMatch) });
