import type { Database } from '../../db/client';
import {
  findActiveJobTypeCodes,
  findJobTypeByCodeRow,
  findJobTypeNames,
  findJobTypeRow,
} from './job-types.repository';

/** What other modules may ask of job types. */
export async function findJobTypeForOrder(db: Database, id: string) {
  return findJobTypeRow(db, id);
}

/** Its id and whether it is active, by code in any case (the partner API names job types so). */
export async function findJobTypeByCode(db: Database, code: string) {
  return findJobTypeByCodeRow(db, code);
}

/** The codes a partner may send now (the active job types). */
export async function activeJobTypeCodes(db: Database) {
  return findActiveJobTypeCodes(db);
}

/** The id and name of each of these job types that exists, in name order. */
export async function jobTypeNamesOf(db: Database, ids: string[]) {
  return findJobTypeNames(db, ids);
}
