import { z } from 'zod';
import { typedDate } from '../schema/calendar-date';
import { safeText } from '../schema/text';

// Xero (issue 22, /xero-settings): the words the server and the page share.

export const xeroInvoiceStatuses = ['DRAFT', 'AUTHORISED'] as const;
export type XeroInvoiceStatus = (typeof xeroInvoiceStatuses)[number];

export const xeroConnectionStatuses = [
  'not_connected',
  'choose_organisation',
  'connected',
  'revoked',
] as const;
export type XeroConnectionState = (typeof xeroConnectionStatuses)[number];

export const xeroDocumentKinds = ['invoice', 'bill', 'credit_note'] as const;
export type XeroDocumentKind = (typeof xeroDocumentKinds)[number];
export const xeroDocumentStatuses = ['pending', 'sent', 'failed'] as const;

export const xeroOrganisationSchema = z.object({ tenantId: z.string(), tenantName: z.string() });

export const xeroSettingsSchema = z.object({
  salesAccountCode: safeText().trim().min(1, 'Choose the sales account').max(10),
  salesTaxType: safeText().trim().min(1, 'Choose the tax rate for sales').max(50),
  purchaseAccountCode: safeText().trim().min(1, 'Choose the purchases account').max(10),
  purchaseTaxType: safeText().trim().min(1, 'Choose the tax rate for purchases').max(50),
  invoiceStatus: z.enum(xeroInvoiceStatuses, { error: 'Choose DRAFT or AUTHORISED' }),
  dueDays: z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(0, 'Enter 0 to 120 days')
    .max(120, 'Enter 0 to 120 days'),
});
export type XeroSettings = z.infer<typeof xeroSettingsSchema>;

/** GET /api/xero: the connection and the settings. */
export const xeroStatusSchema = z.object({
  /** XERO_CLIENT_ID is set: without it the page only says how to set Xero up. */
  configured: z.boolean(),
  redirectUri: z.string(),
  status: z.enum(xeroConnectionStatuses),
  organisation: xeroOrganisationSchema.nullable(),
  organisations: z.array(xeroOrganisationSchema),
  problem: z.string().nullable(),
  connectedAt: z.string().nullable(),
  settings: xeroSettingsSchema.nullable(),
  /** Documents that failed in a way a person must fix. */
  needsAttention: z.number().int(),
});
export type XeroStatus = z.infer<typeof xeroStatusSchema>;

/** GET /api/xero/options: the organisation's accounts and tax rates, to choose from. */
export const xeroOptionsSchema = z.object({
  accounts: z.array(z.object({ code: z.string(), name: z.string(), type: z.string() })),
  taxRates: z.array(z.object({ taxType: z.string(), name: z.string(), rate: z.number() })),
});
export type XeroOptions = z.infer<typeof xeroOptionsSchema>;

export const xeroConnectResponseSchema = z.object({ authorizeUrl: z.string() });

export const chooseOrganisationBody = z.object({
  tenantId: safeText().trim().min(1, 'Choose an organisation').max(100),
});

export const xeroCallbackQuery = z.object({
  code: safeText().max(2000).optional(),
  state: safeText().max(200).optional(),
  error: safeText().max(200).optional(),
});

export const sendSinceBody = z.object({ since: typedDate });
export const sendSinceResponseSchema = z.object({
  /** Completed orders found since the date. */
  orders: z.number().int(),
  /** Invoices and bills queued that had not been made before. */
  queued: z.number().int(),
});

export const xeroSyncAttemptSchema = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  requestBody: z.string().nullable(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  startedAt: z.string(),
});
export type XeroSyncAttempt = z.infer<typeof xeroSyncAttemptSchema>;

export const xeroDocumentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(xeroDocumentKinds),
  status: z.enum(xeroDocumentStatuses),
  needsAttention: z.boolean(),
  attempts: z.number().int(),
  amountPence: z.number().int(),
  xeroId: z.string().nullable(),
  xeroNumber: z.string().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  calls: z.array(xeroSyncAttemptSchema),
});
export type XeroDocument = z.infer<typeof xeroDocumentSchema>;

export const xeroSyncLogQuery = z.object({
  status: z.enum(xeroDocumentStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const xeroSyncLogResponse = z.object({
  items: z.array(xeroDocumentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type XeroSyncLog = z.infer<typeof xeroSyncLogResponse>;

export const xeroOrderDocumentsResponse = z.object({ items: z.array(xeroDocumentSchema) });

export const xeroDocumentWords: Record<XeroDocumentKind, string> = {
  invoice: 'Sales invoice',
  bill: 'Bill',
  credit_note: 'Credit note',
};

export const xeroContactKinds = ['partner', 'contractor', 'customer'] as const;
/** GET /api/xero/contacts: who is who in Xero, per partner, contractor and direct customer. */
export const xeroContactSchema = z.object({
  kind: z.enum(xeroContactKinds),
  localId: z.string(),
  name: z.string(),
  contactId: z.string(),
  /** Found in Xero by its exact name, or made there. */
  how: z.enum(['matched', 'created']),
  createdAt: z.string(),
});
export type XeroContact = z.infer<typeof xeroContactSchema>;
export const xeroContactsResponse = z.object({ items: z.array(xeroContactSchema) });
