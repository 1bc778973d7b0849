import { visitErrorCodes } from '@shared/error-codes';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Viewer } from '../orders/orders.service';
import {
  findVisitWithOrder,
  type VisitWithOrder,
} from '../orders/projections/visit-record.projection';

export const visitNotFound = () =>
  new AppError(404, visitErrorCodes.visitNotFound, 'Visit not found.');

/** May this viewer read the visit: back office, the visit's contractor, the visit's engineer. */
export function canReadVisit(viewer: Viewer, visit: VisitWithOrder['visit']): boolean {
  if (viewer.backOffice) return true;
  if (viewer.contractorId && viewer.contractorId === visit.contractorId) return true;
  return viewer.engineer && visit.engineerId === viewer.userId;
}

/** The visit when the viewer may read it; otherwise 404 (nobody learns it exists). */
export async function readableVisit(db: Database, viewer: Viewer, visitId: string) {
  const row = await findVisitWithOrder(db, visitId);
  if (!row || !canReadVisit(viewer, row.visit)) throw visitNotFound();
  return row;
}

/** The visit when it is the engineer's own; every other visit is 404. */
export async function ownVisit(db: Database, viewer: Viewer, visitId: string) {
  const row = await findVisitWithOrder(db, visitId);
  if (!row || !viewer.engineer || row.visit.engineerId !== viewer.userId) throw visitNotFound();
  return row;
}

/** The engineer's own visit, still open for its record (scheduled or in progress). */
export async function ownOpenVisit(db: Database, viewer: Viewer, visitId: string) {
  const row = await ownVisit(db, viewer, visitId);
  if (row.visit.status !== 'scheduled' && row.visit.status !== 'in_progress') {
    throw new AppError(
      409,
      visitErrorCodes.visitNotOpen,
      `This visit is ${row.visit.status.replace('_', ' ')}; its record can no longer change.`,
    );
  }
  return row;
}
