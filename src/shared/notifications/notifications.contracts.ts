import { z } from 'zod';

// Issue 25: the bell. What the server sends about a person's notifications, and their digest
// setting (decision 080).

export const notificationKinds = [
  // A contractor's users
  'offer_new',
  'reschedule_requested',
  'order_cancelled',
  // An engineer
  'visit_added',
  'visit_moved',
  'visit_cancelled',
  // Back office
  'offer_declined',
  'visit_failed',
  'sla_at_risk',
  'message_failed',
  // Whoever a note names
  'note_mention',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** The page it is about, for this person's role (`/orders/…`, `/contractor/orders/…`, …). */
  link: z.string(),
  orderId: z.uuid().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** At most this many per page of the list. */
export const notificationPageSize = 50;

export const listNotificationsQuery = z.object({
  /** Only the unread ones. */
  unread: z
    .enum(['true', 'false'], { error: 'unread is true or false' })
    .optional()
    .transform((value) => value === 'true'),
  /** Older than this notification (the next page). */
  before: z.uuid({ error: 'before is the id of a notification' }).optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;

export const listNotificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  /** Whether older notifications exist (ask again with `before`). */
  more: z.boolean(),
});
export type ListNotificationsResponse = z.infer<typeof listNotificationsResponse>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int() });

export const digestFrequencies = ['off', 'hourly', 'daily'] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];
export const digestFrequencyLabels: Record<DigestFrequency, string> = {
  off: 'Off',
  hourly: 'Every hour',
  daily: 'Once a day (07:00)',
};

export const notificationSettingsSchema = z.object({
  emailDigest: z.enum(digestFrequencies, {
    error: `Email digest is one of ${digestFrequencies.join(', ')}`,
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The server-sent events stream (text/event-stream). */
export const notificationStreamPath = '/api/notifications/stream';
/** Event names on the stream: a new notification, and the unread count after any change. */
export const notificationStreamEvents = { notification: 'notification', unread: 'unread' } as const;
/** How often the stream sends a heartbeat comment, so proxies keep it open. */
export const notificationHeartbeatMs = 25_000;
/** The fallback: how often the bell asks when the stream is not open. */
export const notificationPollMs = 30_000;
