import { z } from 'zod';
import { customerAnswersSchema } from '../customer-links/customer-answers.contracts';
import { calendarDate } from '../schema/calendar-date';
import { deviceTime } from '../schema/device-time';
import { multilineText, safeText } from '../schema/text';
import { offDayReasonMax } from './off-day-check-in';
import { failureReasons, orderStatuses, visitSlots, visitStatuses } from '../orders/order-status';

/**
 * Issue 13: the engineer's visit record, shared by the engineer app (device) and the server.
 * Every state-changing call carries an `Idempotency-Key` made on the device (the outbox item id);
 * a replay answers the first result. Paths are relative to the site root.
 */

// ---------------------------------------------------------------------------------------------
// Endpoint paths
// ---------------------------------------------------------------------------------------------

export const visitPaths = {
  /** GET: the engineer's own visits from today for `days` days (engineer only). */
  engineerVisits: '/api/engineer/visits',
  /** GET: one visit's full record (the visit's engineer, the order's contractor, back office). */
  record: (visitId: string) => `/api/visits/${visitId}/record`,
  /** POST onTheWayBody (the tap's time): the customer is told the engineer is on the way. */
  onTheWay: (visitId: string) => `/api/visits/${visitId}/on-the-way`,
  /** POST checkInBody. */
  checkIn: (visitId: string) => `/api/visits/${visitId}/check-in`,
  /** PUT surveyBody (saved as it arrives; send it again to change it). */
  survey: (visitId: string) => `/api/visits/${visitId}/survey`,
  /**
   * PUT the JPEG/PNG/WebP bytes as the raw body (Content-Type image/jpeg|png|webp), with the
   * metadata in the query (photoUploadQuery) and the sha256 (hex) in `X-Content-SHA256`.
   * The photo id is made on the device: the same id twice is one photo. DELETE removes it.
   */
  photo: (visitId: string, photoId: string) => `/api/visits/${visitId}/photos/${photoId}`,
  /** PUT serialsBody. */
  serials: (visitId: string) => `/api/visits/${visitId}/serials`,
  /** PUT commissioningBody. */
  commissioning: (visitId: string) => `/api/visits/${visitId}/commissioning`,
  /** PUT signOffBody. */
  signOff: (visitId: string) => `/api/visits/${visitId}/sign-off`,
  /**
   * POST completeBody: refused (409 COMPLETION_INCOMPLETE, `details.missing` listing
   * CompletionRequirement values) until the record is complete, as every completion is.
   */
  complete: (visitId: string) => `/api/visits/${visitId}/complete`,
  /** POST failBody. */
  fail: (visitId: string) => `/api/visits/${visitId}/fail`,
  /** GET the photo (EXIF stripped) / its thumbnail; only for those who may see the order. */
  photoFile: (photoId: string) => `/api/visit-photos/${photoId}`,
  photoThumbnail: (photoId: string) => `/api/visit-photos/${photoId}/thumbnail`,
  /** GET a photo the customer sent with the customer form (those who may see the order). */
  customerPhoto: (photoId: string) => `/api/customer-photos/${photoId}`,
  /** GET the sign-off signature PNG. */
  signature: (visitId: string) => `/api/visits/${visitId}/signature`,
  /** GET the installation record of an order: every visit (page /installation/{orderId}). */
  installation: (orderId: string) => `/api/orders/${orderId}/installation`,
  /** GET the completed installation summary (page /order-summary/{orderNumber}). */
  orderSummary: (orderNumber: string) => `/api/order-summary/${encodeURIComponent(orderNumber)}`,
  /** GET the completion certificate PDF. */
  certificate: (orderNumber: string) =>
    `/api/order-summary/${encodeURIComponent(orderNumber)}/certificate.pdf`,
} as const;

/** The request header carrying the photo's sha256, lower-case hex. */
export const photoChecksumHeader = 'X-Content-SHA256';

// ---------------------------------------------------------------------------------------------
// Vocabularies and limits
// ---------------------------------------------------------------------------------------------

export const mountingTypes = ['roof', 'wall', 'chimney', 'pole', 'ground', 'other'] as const;
export type MountingType = (typeof mountingTypes)[number];
export const mountingTypeLabels: Record<MountingType, string> = {
  roof: 'Roof',
  wall: 'Wall',
  chimney: 'Chimney',
  pole: 'Pole',
  ground: 'Ground',
  other: 'Other',
};

export const photoCategories = [
  'site_before',
  'mount',
  'dish_installed',
  'cable_entry',
  'router_location',
  'obstruction_check',
  'speed_test',
  'site_after',
] as const;
export type PhotoCategory = (typeof photoCategories)[number];
export const photoCategoryLabels: Record<PhotoCategory, string> = {
  site_before: 'Site before',
  mount: 'Mount',
  dish_installed: 'Dish installed',
  cable_entry: 'Cable entry',
  router_location: 'Router location',
  obstruction_check: 'Obstruction check',
  speed_test: 'Speed test',
  site_after: 'Site after',
};
/** Every category needs at least one photo before completion. */
export const requiredPhotoCategories: readonly PhotoCategory[] = photoCategories;

export const visitFailureReasons = failureReasons;
export type VisitFailureReason = (typeof failureReasons)[number];
export const visitFailureReasonLabels: Record<VisitFailureReason, string> = {
  customer_absent: 'Customer absent',
  no_access: 'No access',
  unsafe: 'Unsafe to work',
  obstructed: 'Obstructed (no clear sky view)',
  kit_faulty: 'Kit faulty',
  customer_declined: 'Customer declined',
  other: 'Other',
};

export const photoLimits = {
  /** Bytes of one uploaded photo (the device resizes to 2048 px JPEG first). */
  maxBytes: 15 * 1024 * 1024,
  /** Pixels (width x height) of one photo. */
  maxPixels: 50_000_000,
  /** The long edge the device resizes to. */
  deviceLongEdge: 2048,
  /** Photos per visit. */
  maxPerVisit: 60,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;

export const signatureLimits = { maxBytes: 512 * 1024 } as const;

/** Commissioning thresholds (settings key `commissioning_thresholds`; these are the defaults). */
export const commissioningThresholdsSchema = z.object({
  minDownloadMbps: z.number().min(0).max(10_000),
  minUploadMbps: z.number().min(0).max(10_000),
  maxLatencyMs: z.number().int().min(1).max(10_000),
  maxObstructionPercent: z.number().min(0).max(100),
});
export type CommissioningThresholds = z.infer<typeof commissioningThresholdsSchema>;
export const defaultCommissioningThresholds: CommissioningThresholds = {
  minDownloadMbps: 50,
  minUploadMbps: 5,
  maxLatencyMs: 100,
  maxObstructionPercent: 2,
};

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

const line = (label: string, max: number) =>
  safeText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label}: at most ${max} characters`);
const notes = (label: string, max: number) =>
  multilineText().trim().max(max, `${label}: at most ${max} characters`);
const isoDateTime = deviceTime;
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
export const positionSchema = z.object({
  latitude,
  longitude,
  /** Metres, as the device reports it. */
  accuracyM: z.number().min(0).max(100_000).nullable().optional(),
});
export type Position = z.infer<typeof positionSchema>;

export const visitIdParams = z.object({ visitId: z.uuid() });
export const visitPhotoParams = z.object({ visitId: z.uuid(), photoId: z.uuid() });
export const photoIdParams = z.object({ photoId: z.uuid() });
export const orderIdParams = z.object({ orderId: z.uuid() });
export const orderNumberParams = z.object({ orderNumber: safeText().trim().min(1).max(40) });

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** GET engineerVisits query. */
export const engineerVisitsQuery = z.object({
  /** First day (London); defaults to today. */
  from: calendarDate.optional(),
  days: z.coerce.number().int().min(1).max(14).default(7),
  /**
   * The visits the phone holds, comma-separated: any the list no longer has comes back in
   * `removed` with the reason, so the phone can say why it took them off (decision 059).
   */
  held: z
    .string()
    .max(4_000)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : []))
    // Refused on `held` itself (not `held.0`): the field the phone sent is the one named.
    .refine((ids) => ids.length <= 100 && ids.every((id) => z.uuid().safeParse(id).success), {
      message: 'Held visits must be at most 100 visit ids, separated by commas',
    }),
});

/**
 * POST check-in: when the engineer arrived (device clock) and where, if allowed. On another UK
 * day than the booked one, `offDayReason` is required (400 on that field otherwise): see
 * off-day-check-in.ts.
 */
export const checkInBody = z.object({
  at: isoDateTime,
  position: positionSchema.nullable().optional(),
  offDayReason: notes('Reason', offDayReasonMax).optional(),
});
export type CheckInBody = z.input<typeof checkInBody>;

/** PUT survey: the survey and safety checklist. */
export const surveyBody = z.object({
  mountingType: z.enum(mountingTypes, { error: 'Choose the mounting type' }),
  mountingOther: notes('Mounting details', 200).optional(),
  cableRoute: line('Cable route', 500),
  cableLengthM: z
    .number({ error: 'Give the cable length in metres' })
    .min(0, 'The cable length cannot be negative')
    .max(500, 'The cable length is at most 500 m'),
  powerLocation: line('Power location', 300),
  routerLocation: line('Router location', 300),
  /** Planning, listed-building or landlord issues; empty when none. */
  planningIssues: notes('Planning or landlord issues', 1000).default(''),
  workingAtHeightConfirmed: z.literal(true, {
    error: 'Confirm the working-at-height risk assessment',
  }),
  savedAt: isoDateTime,
});
export type SurveyBody = z.input<typeof surveyBody>;
export type Survey = z.output<typeof surveyBody>;

/** PUT photo: the metadata in the query string; the bytes are the raw body. */
export const photoUploadQuery = z.object({
  category: z.enum(photoCategories, { error: 'Choose a photo category' }),
  /** When the photo was taken (device clock); EXIF time wins when present. */
  takenAt: isoDateTime,
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
  /** The original's size on the device, before resizing (for the record). */
  originalBytes: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
});
export type PhotoUploadQuery = z.input<typeof photoUploadQuery>;

export const sha256Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'X-Content-SHA256 must be the sha256 of the body in hex');

/** PUT serials: typed or scanned; checked against the kit expected. */
export const serialValue = safeText()
  .trim()
  .min(3, 'A serial number has at least 3 characters')
  .max(64, 'A serial number has at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-_/.]*$/, 'Use letters, digits, - _ / . only');
export const serialsBody = z.object({
  dish: serialValue,
  router: serialValue,
  others: z
    .array(z.object({ label: line('Item', 60), serial: serialValue }))
    .max(10, 'At most 10 other items')
    .default([]),
  /** Required when a serial differs from the kit expected. */
  mismatchReason: notes('Mismatch reason', 500).optional(),
});
export type SerialsBody = z.input<typeof serialsBody>;
export type Serials = { dish: string; router: string; others: { label: string; serial: string }[] };

/** PUT commissioning: the dish and router ids and the speed test. */
export const commissioningBody = z.object({
  dishId: line('Dish ID', 64),
  routerId: line('Router ID', 64),
  obstructionPercent: z.number({ error: 'Give the obstruction %' }).min(0).max(100),
  downloadMbps: z.number({ error: 'Give the download speed' }).min(0).max(10_000),
  uploadMbps: z.number({ error: 'Give the upload speed' }).min(0).max(10_000),
  latencyMs: z.number({ error: 'Give the latency' }).int().min(0).max(60_000),
  /** Required when a threshold is breached (see commissioningBreaches). */
  thresholdReason: notes('Reason', 1000).optional(),
  testedAt: isoDateTime,
});
export type CommissioningBody = z.input<typeof commissioningBody>;
export type Commissioning = z.output<typeof commissioningBody>;

/** PUT sign-off: the customer's typed name and drawn signature (PNG data URL or bare base64). */
export const signOffBody = z.object({
  name: line('The customer’s name', 120),
  signaturePng: z
    .string()
    .max(Math.ceil((signatureLimits.maxBytes * 4) / 3) + 32)
    .regex(
      /^(data:image\/png;base64,)?[A-Za-z0-9+/]+=*$/,
      'The signature must be a PNG image (data URL)',
    ),
  signedAt: isoDateTime,
});
export type SignOffBody = z.input<typeof signOffBody>;

/** POST complete. */
export const completeBody = z.object({
  at: isoDateTime,
  notes: notes('Notes', 2000).optional(),
});
export type CompleteBody = z.input<typeof completeBody>;

/** POST fail: at any step, with a reason. */
export const failBody = z
  .object({
    at: isoDateTime,
    failureReason: z.enum(failureReasons, { error: 'Choose why the visit failed' }),
    notes: notes('Notes', 2000).default(''),
  })
  .refine((b) => b.failureReason !== 'other' || b.notes.length > 0, {
    message: 'Describe what happened',
    path: ['notes'],
  });
export type FailBody = z.input<typeof failBody>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const visitPhotoSchema = z.object({
  id: z.uuid(),
  category: z.enum(photoCategories),
  takenAt: z.string(),
  /** Where from: EXIF GPS when the file had it, else the device's position. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  contentType: z.string(),
  uploadedAt: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type VisitPhoto = z.infer<typeof visitPhotoSchema>;

export const expectedKitItem = z.object({
  kind: z.enum(['dish', 'router']),
  label: z.string(),
  /** The serial we know (from the kit-arrived confirmation), null when unknown. */
  expectedSerial: z.string().nullable(),
});
export type ExpectedKitItem = z.infer<typeof expectedKitItem>;

/** What the record holds; every step is null until sent. */
export const visitRecordSchema = z.object({
  visitId: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  engineer: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  scheduledDate: z.string(),
  slot: z.enum(visitSlots),
  status: z.enum(visitStatuses),
  checkIn: z
    .object({
      at: z.string(),
      position: positionSchema.nullable(),
      /** Why the engineer checked in on another day than the booked one (null on the day). */
      offDayReason: z.string().nullable(),
    })
    .nullable(),
  survey: z
    .object({
      mountingType: z.enum(mountingTypes),
      mountingOther: z.string().optional(),
      cableRoute: z.string(),
      cableLengthM: z.number(),
      powerLocation: z.string(),
      routerLocation: z.string(),
      planningIssues: z.string(),
      workingAtHeightConfirmed: z.literal(true),
      savedAt: z.string(),
    })
    .nullable(),
  photos: z.array(visitPhotoSchema),
  serials: z
    .object({
      dish: z.string(),
      router: z.string(),
      others: z.array(z.object({ label: z.string(), serial: z.string() })),
      mismatchReason: z.string().nullable(),
    })
    .nullable(),
  commissioning: z
    .object({
      dishId: z.string(),
      routerId: z.string(),
      obstructionPercent: z.number(),
      downloadMbps: z.number(),
      uploadMbps: z.number(),
      latencyMs: z.number(),
      thresholdReason: z.string().nullable(),
      testedAt: z.string(),
      breaches: z.array(z.string()),
    })
    .nullable(),
  signOff: z
    .object({ name: z.string(), signedAt: z.string(), signatureUrl: z.string() })
    .nullable(),
  outcome: z
    .object({
      result: z.enum(['completed', 'failed']),
      at: z.string(),
      failureReason: z.enum(failureReasons).nullable(),
      notes: z.string().nullable(),
    })
    .nullable(),
  /** What completion still needs (empty when the record is complete). */
  missing: z.array(z.string()),
});
export type VisitRecord = z.infer<typeof visitRecordSchema>;

/** One visit in the engineer's list: what they need on site, and the record so far. */
export const engineerVisitSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  orderStatus: z.enum(orderStatuses),
  scheduledDate: z.string(),
  slot: z.enum(visitSlots),
  status: z.enum(visitStatuses),
  jobType: z.object({ code: z.string(), name: z.string() }),
  customer: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  address: z.object({
    /** The street lines (the county is its own field, written after the town). */
    lines: z.array(z.string()),
    town: z.string(),
    // A phone may hold visits synced before the county had its own field.
    county: z.string().nullable().default(null),
    postcode: z.string(),
    /** A maps link for navigation (Google Maps search by address). */
    mapsUrl: z.string(),
  }),
  accessNotes: z.string().nullable(),
  kitExpected: z.array(expectedKitItem),
  /** The customer form's answers (null when the customer has not sent it). */
  customerForm: customerAnswersSchema.nullable(),
  record: visitRecordSchema,
});
export type EngineerVisit = z.infer<typeof engineerVisitSchema>;

/** Why a visit the phone held is no longer in the engineer's list (decision 059). */
export const removedVisitReasons = [
  'cancelled',
  'unscheduled',
  'reassigned',
  'moved',
  'past',
] as const;
export type RemovedVisitReason = (typeof removedVisitReasons)[number];

export const removedVisitSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string().nullable(),
  reason: z.enum(removedVisitReasons),
  /** When the office changed it (the visit's last change). */
  at: z.string().nullable(),
  /** For `moved`: the new date, after the days the phone keeps (`past`: before them). */
  movedTo: z.string().nullable(),
});
export type RemovedVisit = z.infer<typeof removedVisitSchema>;

export const engineerVisitsResponse = z.object({
  from: z.string(),
  to: z.string(),
  thresholds: commissioningThresholdsSchema,
  /** The engineer's visits in the range; a cancelled visit is not one of them. */
  items: z.array(engineerVisitSchema),
  /** The `held` visits that are not in `items`, each with why. */
  removed: z.array(removedVisitSchema).default([]),
});
export type EngineerVisitsResponse = z.infer<typeof engineerVisitsResponse>;

/** Every step answers the visit's record as it now stands. */
export const visitStepResponse = visitRecordSchema;

/** GET installation: the order's visits, oldest first, with the thresholds they are read against. */
export const installationResponse = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  orderStatus: z.enum(orderStatuses),
  customerName: z.string(),
  address: z.string(),
  jobTypeName: z.string(),
  thresholds: commissioningThresholdsSchema,
  visits: z.array(visitRecordSchema),
  /** What the customer sent on the customer form; null until they send it. */
  customerAnswers: customerAnswersSchema.nullable(),
});
export type InstallationResponse = z.infer<typeof installationResponse>;

/** GET order summary: the completed installation (the completing visit). */
export const orderSummaryResponse = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  orderStatus: z.enum(orderStatuses),
  company: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  customerName: z.string(),
  address: z.string(),
  jobTypeName: z.string(),
  partnerName: z.string(),
  completedAt: z.string().nullable(),
  engineerName: z.string().nullable(),
  thresholds: commissioningThresholdsSchema,
  /** The completing visit, null when the installation is not completed. */
  visit: visitRecordSchema.nullable(),
  certificateUrl: z.string().nullable(),
});
export type OrderSummaryResponse = z.infer<typeof orderSummaryResponse>;

// ---------------------------------------------------------------------------------------------
// Rules shared by the device and the server
// ---------------------------------------------------------------------------------------------

export type CompletionInput = {
  photoCategories: readonly string[];
  serials: { dish?: string | null; router?: string | null } | null;
  /** The speed test and dish/router ids were recorded. */
  commissioning: boolean;
  signature: boolean;
};

/**
 * One thing a completed installation's record must hold (machine-readable; issue 18). The
 * server refuses completion on every path with these in `details.missing`.
 */
export type CompletionRequirement =
  | `photo:${PhotoCategory}`
  | 'serial:dish'
  | 'serial:router'
  | 'commissioning'
  | 'signature';

/** What completion still needs, as requirements: the one rule for the device and the server. */
export function completionGaps(input: CompletionInput): CompletionRequirement[] {
  const gaps: CompletionRequirement[] = [];
  const have = new Set(input.photoCategories);
  for (const category of requiredPhotoCategories)
    if (!have.has(category)) gaps.push(`photo:${category}`);
  if (!input.serials?.dish) gaps.push('serial:dish');
  if (!input.serials?.router) gaps.push('serial:router');
  if (!input.commissioning) gaps.push('commissioning');
  if (!input.signature) gaps.push('signature');
  return gaps;
}

/** A requirement in words ("photo: Site before", "dish serial", "customer signature"). */
export function completionRequirementLabel(requirement: CompletionRequirement): string {
  if (requirement.startsWith('photo:'))
    return `photo: ${photoCategoryLabels[requirement.slice('photo:'.length) as PhotoCategory]}`;
  switch (requirement) {
    case 'serial:dish':
      return 'dish serial';
    case 'serial:router':
      return 'router serial';
    case 'commissioning':
      return 'speed test (commissioning figures)';
    default:
      return 'customer signature';
  }
}

/** What completion still needs, in words. */
export function completionMissing(input: CompletionInput): string[] {
  return completionGaps(input).map(completionRequirementLabel);
}

export type CommissioningReadings = {
  obstructionPercent: number;
  downloadMbps: number;
  uploadMbps: number;
  latencyMs: number;
};

/** Which thresholds the readings breach, in words; a reason is required when any. */
export function commissioningBreaches(
  readings: CommissioningReadings,
  thresholds: CommissioningThresholds,
): string[] {
  const breaches: string[] = [];
  if (readings.downloadMbps < thresholds.minDownloadMbps)
    breaches.push(`download below ${thresholds.minDownloadMbps} Mbit/s`);
  if (readings.uploadMbps < thresholds.minUploadMbps)
    breaches.push(`upload below ${thresholds.minUploadMbps} Mbit/s`);
  if (readings.latencyMs > thresholds.maxLatencyMs)
    breaches.push(`latency above ${thresholds.maxLatencyMs} ms`);
  if (readings.obstructionPercent > thresholds.maxObstructionPercent)
    breaches.push(`obstruction above ${thresholds.maxObstructionPercent}%`);
  return breaches;
}

/** Serials that differ from the kit expected (a reason is then required). */
export function serialMismatches(
  expected: readonly ExpectedKitItem[],
  serials: { dish: string; router: string },
): string[] {
  const norm = (s: string) => s.trim().toUpperCase();
  return expected
    .filter((item) => item.expectedSerial && norm(item.expectedSerial) !== norm(serials[item.kind]))
    .map((item) => `${item.label} serial differs from the kit sent (${item.expectedSerial})`);
}

/** A Google Maps search link for an address. */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Error codes the visit endpoints answer (also in src/shared/error-codes.ts). */
export const visitErrorCodes = {
  visitNotFound: 'VISIT_NOT_FOUND',
  visitNotOpen: 'VISIT_NOT_OPEN',
  photoChecksumMismatch: 'PHOTO_CHECKSUM_MISMATCH',
  photoChecksumMissing: 'PHOTO_CHECKSUM_MISSING',
  photoNotAnImage: 'PHOTO_NOT_AN_IMAGE',
  photoTooLarge: 'PHOTO_TOO_LARGE',
  photoTooManyPixels: 'PHOTO_TOO_MANY_PIXELS',
  photoLimitReached: 'PHOTO_LIMIT_REACHED',
  photoIdTaken: 'PHOTO_ID_TAKEN',
  commissioningReasonRequired: 'COMMISSIONING_REASON_REQUIRED',
  serialMismatchReasonRequired: 'SERIAL_MISMATCH_REASON_REQUIRED',
  signatureNotPng: 'SIGNATURE_NOT_PNG',
  /** A check-in on another day than the booked one without a reason (400 on offDayReason). */
  offDayReasonRequired: 'OFF_DAY_REASON_REQUIRED',
} as const;
