import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every security event and change: who, what, to what, from where, when. Append-only: a trigger
 * refuses UPDATE and DELETE (drizzle/*_audit_log_read.sql). The actor is kept as the id it was
 * even after that user is removed, so no foreign key (its ON DELETE would update the log).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    /** Dotted, such as `auth.sign_in` or `user.role_changed`. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  // Newest first by (at, id) under each filter: the keyset pages of /audit.
  (table) => [
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_action_ip_idx').on(table.action, table.ip, table.at),
    index('audit_log_action_at_idx').on(table.action, table.at, table.id),
    index('audit_log_ip_at_idx').on(table.ip, table.at, table.id),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.at, table.id),
    index('audit_log_actor_idx').on(table.actorUserId, table.at, table.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
