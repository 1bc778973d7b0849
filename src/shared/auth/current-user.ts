import { z } from 'zod';
import { roles } from '../roles';

/** spec §3: the answer of GET /api/auth/user. */
export const currentUserSchema = z.object({
  id: z.string(),
  role: z.enum(roles),
  additionalRoles: z.array(z.enum(roles)),
  isDualRole: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  email: z.string(),
  contractorId: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
