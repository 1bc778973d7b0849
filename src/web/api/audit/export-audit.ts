import type { AuditFilters } from '@shared/audit/audit.contracts';
import { auditSearch } from './keys';

/**
 * GET /api/audit/export.csv: the filtered range (every page) as CSV. The browser downloads it
 * through a plain link, so the session cookie goes with it and the server names the file.
 */
export function exportAuditUrl(filters: AuditFilters): string {
  return `/api/audit/export.csv${auditSearch(filters)}`;
}
