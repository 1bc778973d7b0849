import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type {
  LifecycleAction,
  LifecycleDecision,
  LifecycleInput,
} from '@shared/orders/order-lifecycle';
import type { orderActionEndpoints } from '@shared/orders/orders.contracts';
import type { CustomerRow } from '../../customers/customers.service';
import type { ChangeActor } from '../order-change';
import type { VisitRow } from '../../visits/order-visits.service';
import type { OrderRow } from '../orders.repository';

type ActionBody<A extends LifecycleAction> = z.output<(typeof orderActionEndpoints)[A]['body']>;

/** Any action's body: the fields of every action's request, each optional. */
export type AnyActionBody = ActionBody<LifecycleAction> & {
  reason?: string | null;
  contractorId?: string;
  engineerId?: string;
  date?: string;
  slot?: VisitRow['slot'];
  kitOverrideReason?: string | null;
  offDayReason?: string | null;
  failureReason?: VisitRow['failureReason'];
  notes?: string | null;
  courier?: string;
  trackingNumber?: string;
  latitude?: number;
  longitude?: number;
  expectedVersion?: number;
  /** Set by the customer's own pages (issue 11), recorded in the event's data. */
  customerForm?: { submissionId: string; availability: unknown; photoCount: number };
  kitArrival?: { serial: string | null; photoId: string | null };
};

/** What an action sees: the locked order, its customer, its current visit, the request. */
export type ActionContext = {
  tx: Database;
  order: OrderRow;
  customer: CustomerRow;
  /** The visit being worked now (scheduled or in progress), if any. */
  current: VisitRow | null;
  body: AnyActionBody;
  actor: ChangeActor;
  now: Date;
};

export type AllowedDecision = Extract<LifecycleDecision, { ok: true }>;

/** What applying the action changes beyond the status and kit status the lifecycle decided. */
export type EffectResult = {
  /** More columns of the order row to set. */
  values?: Partial<OrderRow>;
  /** The event's data. */
  data?: Record<string, unknown>;
  /** The event's reason, when the action records another one than the request's reason. */
  reason?: string | null;
};

export type PreparedEffect = {
  /** What the lifecycle decision needs from the database (the contractor, the engineer, ...). */
  input?: Partial<LifecycleInput>;
  /** Runs once the lifecycle allowed the move, in the same transaction. */
  apply: (decision: AllowedDecision) => Promise<EffectResult>;
};

/**
 * One action's server-side effect (decision 017): reads what its rule needs, then writes what
 * the action changes. The service locks the order, decides through the lifecycle table, writes
 * the order row and the event; everything particular to the action lives in its effect.
 */
export type ActionEffect = (context: ActionContext) => Promise<PreparedEffect>;

/** An effect that needs nothing read before the decision. */
export function effect(
  apply: (
    context: ActionContext,
    decision: AllowedDecision,
  ) => Promise<EffectResult> | EffectResult,
): ActionEffect {
  return async (context) => ({ apply: async (decision) => apply(context, decision) });
}
