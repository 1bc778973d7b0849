import { z } from 'zod';
import { visitSlots, visitStatuses } from '../orders/order-status';
import {
  inviteUserRequestSchema,
  updateUserRequestSchema,
  userStatuses,
} from '../users/users.contracts';

/**
 * A contractor's own engineers (/contractor-management, issue 12). Contractor role only; every
 * engineer is a user of the signed-in contractor's company, anyone else answers 404.
 *
 * | Method | Path | Body | Answer |
 * |---|---|---|---|
 * | GET | /api/contractor-engineers | | contractorEngineerListResponse |
 * | POST | /api/contractor-engineers | inviteEngineerRequest (sends the set-password email) | contractorEngineerResponse (201) |
 * | PATCH | /api/contractor-engineers/:id | updateEngineerRequest | contractorEngineerResponse |
 * | POST | /api/contractor-engineers/:id/disable | none | contractorEngineerResponse (ends their sessions) |
 * | POST | /api/contractor-engineers/:id/enable | none | contractorEngineerResponse |
 * | POST | /api/contractor-engineers/:id/resend-invitation | none | contractorEngineerResponse |
 *
 * Errors: 404 NOT_FOUND (not an engineer of this company), 409 NO_CONTRACTOR_COMPANY,
 * ENGINEER_HAS_FUTURE_VISITS (details.visits), CONTRACTOR_ACCOUNT, CANNOT_DISABLE_SELF,
 * EMAIL_TAKEN, PHONE_TAKEN, NOT_INVITED; 400 VALIDATION_ERROR with `details` per field.
 */

export { contractorEngineerErrorCodes } from '../error-codes';

/** A visit today or later that keeps its engineer from being disabled until it is moved. */
export const engineerVisitSchema = z.object({
  visitId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** YYYY-MM-DD */
  scheduledDate: z.string(),
  slot: z.enum(visitSlots),
  status: z.enum(visitStatuses),
});
export type EngineerVisit = z.infer<typeof engineerVisitSchema>;

export const contractorEngineerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** +44… */
  phone: z.string().nullable(),
  status: z.enum(userStatuses),
  /** The company's own contractor account that also installs (spec §6 dual role). */
  isDualRole: z.boolean(),
  /** The signed-in user themselves. */
  isSelf: z.boolean(),
  /** False for accounts holding the contractor role: only back office disables those. */
  canDisable: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Scheduled or in-progress visits from today on, soonest first. */
  futureVisits: z.array(engineerVisitSchema),
});
export type ContractorEngineer = z.infer<typeof contractorEngineerSchema>;

export const contractorEngineerListResponse = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  items: z.array(contractorEngineerSchema),
});
export type ContractorEngineerList = z.infer<typeof contractorEngineerListResponse>;

export const contractorEngineerResponse = z.object({ engineer: contractorEngineerSchema });
export type ContractorEngineerResponse = z.infer<typeof contractorEngineerResponse>;

/** Strict: a contractor cannot choose a role, a company or two-factor; unknown keys are refused. */
export const inviteEngineerRequest = z.strictObject(
  inviteUserRequestSchema.pick({ email: true, firstName: true, lastName: true, phone: true }).shape,
);
export type InviteEngineerRequest = z.input<typeof inviteEngineerRequest>;

export const updateEngineerRequest = z.strictObject(
  updateUserRequestSchema.pick({ firstName: true, lastName: true, phone: true }).shape,
);
export type UpdateEngineerRequest = z.input<typeof updateEngineerRequest>;

export const engineerIdParams = z.object({ id: z.uuid({ error: 'Not found' }) });

export const contractorEngineerMessages = {
  noCompany:
    'Your account is not linked to a contractor company. Ask back office to link it on the contractor page.',
  contractorAccount:
    'This account is also a contractor account of the company: back office enables or disables it.',
  hasFutureVisits: 'Move their visits to another engineer first',
} as const;
