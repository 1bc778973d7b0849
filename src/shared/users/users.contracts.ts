import { z } from 'zod';
import { safeText, searchText } from '../schema/text';
import { authMessages } from '../auth/auth.contracts';
import { isUkMobile } from '../uk-mobile';
import { roles } from '../roles';

/**
 * The users admin API behind the /users screen (back office only):
 *
 * | Method | Path | Body / query | Answer |
 * |---|---|---|---|
 * | GET | /api/users | listUsersQuerySchema | listUsersResponseSchema |
 * | GET | /api/users/:id | | userResponseSchema |
 * | POST | /api/users | inviteUserRequestSchema (sends the set-password email) | userResponseSchema (201) |
 * | PATCH | /api/users/:id | updateUserRequestSchema | userResponseSchema |
 * | POST | /api/users/:id/disable | none | userResponseSchema (ends their sessions) |
 * | POST | /api/users/:id/enable | none | userResponseSchema |
 * | POST | /api/users/:id/reset-two-factor | none | userResponseSchema (method back to none) |
 * | POST | /api/users/:id/resend-invitation | none | userResponseSchema (invited users only) |
 *
 * Errors: 404 NOT_FOUND, 409 EMAIL_TAKEN / PHONE_TAKEN / NOT_INVITED / CANNOT_DISABLE_SELF,
 * 400 VALIDATION_ERROR with `details` per field.
 */

export const userStatuses = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const twoFactorMethods = ['none', 'email'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

export { userErrorCodes } from '../error-codes';

export const userMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailTaken: 'A user with this email address already exists',
  phoneTaken: 'Another user already has this phone number',
  notInvited: 'This user has already set a password',
  cannotDisableSelf: 'You cannot disable your own account',
} as const;

/** One user as the /users screen shows it. Dates are ISO strings. */
export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  additionalRoles: z.array(z.enum(roles)),
  isDualRole: z.boolean(),
  companyName: z.string().nullable(),
  /** +44… */
  phone: z.string().nullable(),
  contractorId: z.string().nullable(),
  status: z.enum(userStatuses),
  twoFactorMethod: z.enum(twoFactorMethods),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userResponseSchema = z.object({ user: userSummarySchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const listUsersQuerySchema = z.object({
  /** Matches name, email or phone (a phone typed as 07… matches the stored +44…). */
  search: searchText(200).optional(),
  role: z.enum(roles).optional(),
  status: z.enum(userStatuses).optional(),
  contractorId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const listUsersResponseSchema = z.object({
  users: z.array(userSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

/** Optional UK mobile: empty string or null clears it. */
const optionalMobile = z
  .union([
    z.literal('').transform(() => null),
    z.null(),
    safeText().trim().refine(isUkMobile, authMessages.invalidUkMobile),
  ])
  .optional();

const name = (message: string) => safeText({ error: message }).trim().min(1, message).max(100);

export const inviteUserRequestSchema = z.object({
  email: safeText({ error: authMessages.invalidEmail })
    .trim()
    .pipe(z.email({ error: authMessages.invalidEmail })),
  firstName: name(userMessages.firstNameRequired),
  lastName: name(userMessages.lastNameRequired),
  role: z.enum(roles),
  additionalRoles: z.array(z.enum(roles)).default([]),
  companyName: safeText().trim().max(200).nullable().optional(),
  phone: optionalMobile,
  contractorId: z.uuid().nullable().optional(),
  twoFactorMethod: z.enum(twoFactorMethods).default('none'),
});
export type InviteUserRequest = z.input<typeof inviteUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  firstName: name(userMessages.firstNameRequired).optional(),
  lastName: name(userMessages.lastNameRequired).optional(),
  role: z.enum(roles).optional(),
  additionalRoles: z.array(z.enum(roles)).optional(),
  companyName: safeText().trim().max(200).nullable().optional(),
  phone: optionalMobile,
  contractorId: z.uuid().nullable().optional(),
  twoFactorMethod: z.enum(twoFactorMethods).optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });
