import { idempotencyErrorCodes } from './idempotency';
import { visitErrorCodes } from './visits/visit-record';

export { visitErrorCodes };

// Every error code the server sends, in one catalog. The web branches on these codes only; the
// server's AppError accepts nothing else (decision 018). Fastify's own client errors (bad JSON,
// body too large) keep their FST_ERR_* code, see `isFastifyErrorCode`.

export const commonErrorCodes = {
  validation: 'VALIDATION_ERROR',
  /** A client error from the framework without a code of its own. */
  badRequest: 'BAD_REQUEST',
  notFound: 'NOT_FOUND',
  /** The path exists, but not for this method (the partner API answers 405 with Allow). */
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  /** A JSON body nested deeper than any contract needs (issue 18), refused before it is read. */
  bodyTooDeep: 'BODY_TOO_DEEP',
} as const;

/** Error codes of the auth calls; the web branches on these (spec §8: SMS_AUTH_DISABLED). */
export const authErrorCodes = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountLocked: 'ACCOUNT_LOCKED',
  invalidCode: 'INVALID_CODE',
  smsDisabled: 'SMS_AUTH_DISABLED',
  invalidToken: 'INVALID_TOKEN',
  weakPassword: 'WEAK_PASSWORD',
  ipBlocked: 'IP_BLOCKED',
  crossSite: 'CROSS_SITE_REQUEST',
} as const;

export const userErrorCodes = {
  emailTaken: 'EMAIL_TAKEN',
  phoneTaken: 'PHONE_TAKEN',
  notInvited: 'NOT_INVITED',
  cannotDisableSelf: 'CANNOT_DISABLE_SELF',
  cannotDemoteSelf: 'CANNOT_DEMOTE_SELF',
} as const;

export const orderErrorCodes = {
  duplicateCustomer: 'DUPLICATE_CUSTOMER',
  duplicatePartnerReference: 'DUPLICATE_PARTNER_REFERENCE',
  /** Another change got there first (expectedVersion did not match). */
  staleOrder: 'STALE_ORDER',
  /** Another change to the same order is in progress. */
  orderBusy: 'ORDER_BUSY',
  inactive: 'INACTIVE',
  inUse: 'IN_USE',
  /** A partner or job type code already taken. */
  codeTaken: 'CODE_TAKEN',
} as const;

/** The lifecycle table's refusals (src/shared/orders/order-lifecycle.ts), sent as they are. */
export const lifecycleErrorCodes = {
  invalidTransition: 'INVALID_TRANSITION',
  actorNotPermitted: 'ACTOR_NOT_PERMITTED',
  reasonRequired: 'REASON_REQUIRED',
  failureReasonRequired: 'FAILURE_REASON_REQUIRED',
  customerRejected: 'CUSTOMER_REJECTED',
  notOffered: 'NOT_OFFERED',
  noContractor: 'NO_CONTRACTOR',
  notAccepted: 'NOT_ACCEPTED',
  heldAfterScheduling: 'HELD_AFTER_SCHEDULING',
  contractorInactive: 'CONTRACTOR_INACTIVE',
  engineerRequired: 'ENGINEER_REQUIRED',
  engineerNotOfContractor: 'ENGINEER_NOT_OF_CONTRACTOR',
  kitNotReady: 'KIT_NOT_READY',
  completionIncomplete: 'COMPLETION_INCOMPLETE',
  courierRequired: 'COURIER_REQUIRED',
  orderEnded: 'ORDER_ENDED',
} as const;

/** The customer's public pages (issue 11). */
export const customerJourneyErrorCodes = {
  /** The link does not open (unknown, expired, used, replaced, for another page): details.problem. */
  linkProblem: 'LINK_PROBLEM',
  /** Another tab or device sent the form first. */
  alreadySubmitted: 'ALREADY_SUBMITTED',
  /** The upload is not a JPEG, PNG or WebP picture, or is too large. */
  badPhoto: 'BAD_PHOTO',
  /** The link has taken all the photos it may (linkPhotoLimits in the customer-form contract). */
  linkPhotoLimitReached: 'LINK_PHOTO_LIMIT_REACHED',
  /** The portal needs the postcode (or a signed link) first. */
  portalProofRequired: 'PORTAL_PROOF_REQUIRED',
  /** Wrong postcode or unknown order: the same answer for both. */
  portalProofFailed: 'PORTAL_PROOF_FAILED',
} as const;

/** A contractor managing its own engineers (/contractor-management, issue 12). */
export const contractorEngineerErrorCodes = {
  /** The signed-in contractor account is linked to no contractor company. */
  noContractorCompany: 'NO_CONTRACTOR_COMPANY',
  /** The engineer still has visits today or later: details.visits names them. */
  engineerHasFutureVisits: 'ENGINEER_HAS_FUTURE_VISITS',
  /** The account also holds the contractor role: back office manages it. */
  contractorAccount: 'CONTRACTOR_ACCOUNT',
} as const;

/** The dispatch board's clash rules (decision 034): a placement refused, and why. */
export const dispatchErrorCodes = {
  /** The engineer already has a visit in that slot (one all-day, or one AM and one PM). */
  engineerFull: 'ENGINEER_FULL',
  /** The date is not one of the working days in the settings, or is a bank holiday (400). */
  notWorkingDay: 'NOT_WORKING_DAY',
  /** The slot (AM, PM, all day) is not offered in the settings (400). */
  slotNotOffered: 'SLOT_NOT_OFFERED',
  /** The engineer's account is disabled. */
  engineerInactive: 'ENGINEER_INACTIVE',
  /** Visits are booked from today on. */
  dateInPast: 'DATE_IN_PAST',
  /** The visit has started or ended: it can no longer move. */
  visitNotMovable: 'VISIT_NOT_MOVABLE',
  /** Back office's calendar: the engineer works for another contractor than the visit's. */
  engineerOfAnotherCompany: 'ENGINEER_OF_ANOTHER_COMPANY',
} as const;

/** Outbound webhooks (issue 14): a refused target address, a delivery to a disabled endpoint. */
export const webhookErrorCodes = {
  webhookTargetRefused: 'WEBHOOK_TARGET_REFUSED',
  webhookEndpointDisabled: 'WEBHOOK_ENDPOINT_DISABLED',
} as const;

/** The partner API (/api/v1) and its back-office screens (issue 14). */
export const partnerApiErrorCodes = {
  /** 401: no `Authorization: Bearer <key>` header. */
  apiKeyMissing: 'API_KEY_MISSING',
  /** 401: not a key of ours (wrong prefix, length or checksum); refused without a lookup. */
  apiKeyMalformed: 'API_KEY_MALFORMED',
  /** 401: well formed, but no such key. */
  apiKeyUnknown: 'API_KEY_UNKNOWN',
  /** 401: the key was revoked. */
  apiKeyRevoked: 'API_KEY_REVOKED',
  /** 403: the key may not be used from this address (its allowed ranges). */
  apiKeyAddressNotAllowed: 'API_KEY_ADDRESS_NOT_ALLOWED',
  /** 403: the key lacks the scope (read, write) the call needs. */
  apiKeyScopeMissing: 'API_KEY_SCOPE_MISSING',
  /** 403: the key's partner is not active. */
  partnerInactive: 'PARTNER_INACTIVE',
  /** 400: order creation needs an Idempotency-Key header. */
  idempotencyKeyRequired: 'IDEMPOTENCY_KEY_REQUIRED',
  /** 400: the job type code is unknown or inactive. */
  unknownJobType: 'UNKNOWN_JOB_TYPE',
  /** 400: the list cursor is not one we gave out. */
  invalidCursor: 'INVALID_CURSOR',
  /** 400: an address or CIDR range that does not parse (blocked IPs, allowed ranges). */
  invalidCidr: 'INVALID_CIDR',
} as const;

/** Stock (issue 20): a movement the ledger refuses; the message names product, place and what is there. */
export const stockErrorCodes = {
  /** The movement would take a level below zero. */
  notEnoughStock: 'NOT_ENOUGH_STOCK',
  /** A serial is not where the movement says it is (or is in no state to move). */
  serialNotThere: 'SERIAL_NOT_THERE',
  /** The serial is installed already. */
  serialAlreadyInstalled: 'SERIAL_ALREADY_INSTALLED',
  /** A list of serials with repeats, or serials already known, refused before anything is saved. */
  serialsRefused: 'SERIALS_REFUSED',
} as const;

/** Data protection (issue 21). */
export const customerDataErrorCodes = {
  /** 409: the customer has an order not closed or cancelled yet. */
  customerHasOpenOrders: 'CUSTOMER_HAS_OPEN_ORDERS',
} as const;

/** Backup and restore (issue 21). */
export const backupErrorCodes = {
  /** The app is restoring a backup: every other request waits (503, Retry-After). */
  maintenance: 'MAINTENANCE',
  /** A backup or a restore is running already. */
  backupBusy: 'BACKUP_BUSY',
  /** The backup cannot be restored (damaged, or made by a newer version). */
  backupUnusable: 'BACKUP_UNUSABLE',
} as const;

/** Xero (issue 22). */
export const xeroErrorCodes = {
  /** XERO_CLIENT_ID is not set. */
  xeroNotConfigured: 'XERO_NOT_CONFIGURED',
  /** No working connection (never connected, revoked, or no organisation chosen). */
  xeroNotConnected: 'XERO_NOT_CONNECTED',
  /** Xero answered something we could not use (details in the message). */
  xeroUnavailable: 'XERO_UNAVAILABLE',
} as const;

export const errorCodes = {
  ...commonErrorCodes,
  ...idempotencyErrorCodes,
  ...authErrorCodes,
  ...userErrorCodes,
  ...orderErrorCodes,
  ...lifecycleErrorCodes,
  ...customerJourneyErrorCodes,
  ...contractorEngineerErrorCodes,
  ...dispatchErrorCodes,
  ...visitErrorCodes,
  ...webhookErrorCodes,
  ...partnerApiErrorCodes,
  ...stockErrorCodes,
  ...customerDataErrorCodes,
  ...backupErrorCodes,
  ...xeroErrorCodes,
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

const known: ReadonlySet<string> = new Set(Object.values(errorCodes));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}

/** Fastify's own client errors (FST_ERR_CTP_INVALID_JSON_BODY, ...) pass through as they are. */
export function isFastifyErrorCode(value: unknown): value is `FST_ERR_${string}` {
  return typeof value === 'string' && value.startsWith('FST_ERR_');
}
