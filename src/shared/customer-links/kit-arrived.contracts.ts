import { z } from 'zod';
import type { PublicLinkProblem } from '../public-links/public-links.contracts';
import type { CompanyContact } from './customer-form.contracts';
import { plainText } from './text-fields';

export const kitArrivedBody = z.object({
  serial: plainText('Serial number', 100),
  photoId: z.uuid().nullable().optional(),
});
export type KitArrivedBody = z.input<typeof kitArrivedBody>;

export type KitArrivedPage =
  | {
      state: 'open' | 'confirmed';
      orderNumber: string;
      courier: string | null;
      trackingNumber: string | null;
      trackingUrl: string | null;
      confirmedAt: string | null;
      company: CompanyContact;
    }
  | { state: 'problem'; problem: PublicLinkProblem; company: CompanyContact };
