import type { Database } from '../../db/client';
import { findJobTypeRow } from './job-types.repository';

/** What other modules may ask of job types. */
export async function findJobTypeForOrder(db: Database, id: string) {
  return findJobTypeRow(db, id);
}
