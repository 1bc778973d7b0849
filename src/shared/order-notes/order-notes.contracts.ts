import { z } from 'zod';
import { safeText } from '../schema/text';

// Issue 25: an internal thread on an order (decision 080). Back office sees every note; the
// order's contractor sees the notes shared with it; nobody else (never the customer or partner).

export const orderNoteLimits = { body: 4000, mentions: 20 } as const;

export const orderNoteMessages = {
  bodyRequired: 'Write the note',
  bodyTooLong: `A note is at most ${orderNoteLimits.body} characters`,
  tooManyMentions: `Mention at most ${orderNoteLimits.mentions} people in one note`,
} as const;

export const orderNoteSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  body: z.string(),
  sharedWithContractor: z.boolean(),
  author: z.object({
    id: z.uuid().nullable(),
    name: z.string(),
    /** back_office or contractor: whose side wrote it. */
    side: z.enum(['back_office', 'contractor']),
  }),
  mentions: z.array(z.object({ id: z.uuid(), name: z.string() })),
  createdAt: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

export const orderNotesResponse = z.object({ notes: z.array(orderNoteSchema) });

export const createOrderNoteBody = z.object({
  body: safeText({ multiline: true, error: orderNoteMessages.bodyRequired })
    .trim()
    .min(1, orderNoteMessages.bodyRequired)
    .max(orderNoteLimits.body, orderNoteMessages.bodyTooLong),
  /** Back office only: the order's contractor sees it too. A contractor's notes are always shared. */
  sharedWithContractor: z
    .boolean({ error: 'sharedWithContractor is true or false' })
    .default(false),
  /** The people named with @ in the text (ids from the mentionable list). */
  mentionUserIds: z
    .array(z.uuid({ error: 'A mention is the id of a user' }))
    .max(orderNoteLimits.mentions, orderNoteMessages.tooManyMentions)
    .default([]),
});
export type CreateOrderNoteBody = z.input<typeof createOrderNoteBody>;

export const mentionableSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** back_office or contractor: a contractor's user can be named only in a shared note. */
  side: z.enum(['back_office', 'contractor']),
});
export type Mentionable = z.infer<typeof mentionableSchema>;
export const mentionablesResponse = z.object({ people: z.array(mentionableSchema) });
