import { and, asc, gte, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';
import type { EngineerVisit } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { orderOfVisit } from './job-line.projection';

// The contractor's engineers page: each engineer's visits to come, with the order's number.

/** Visits that are still to happen: scheduled or under way. */
const openStatuses = ['scheduled', 'in_progress'] as const;

/** Each engineer's open visits on `today` (YYYY-MM-DD) or later, soonest first. */
export async function futureVisitsByEngineer(
  db: Database,
  engineerIds: readonly string[],
  today: string,
): Promise<Map<string, EngineerVisit[]>> {
  const byEngineer = new Map<string, EngineerVisit[]>(engineerIds.map((id) => [id, []]));
  if (engineerIds.length === 0) return byEngineer;
  const rows = await db
    .select({
      engineerId: visits.engineerId,
      visitId: visits.id,
      orderId: visits.orderId,
      orderNumber: orders.orderNumber,
      scheduledDate: visits.scheduledDate,
      slot: visits.slot,
      status: visits.status,
    })
    .from(visits)
    .innerJoin(orders, orderOfVisit)
    .where(
      and(
        inArray(visits.engineerId, [...engineerIds]),
        gte(visits.scheduledDate, today),
        inArray(visits.status, [...openStatuses]),
      ),
    )
    .orderBy(asc(visits.scheduledDate), asc(visits.slot), asc(orders.orderNumber));
  for (const { engineerId, ...visit } of rows) byEngineer.get(engineerId)?.push(visit);
  return byEngineer;
}
