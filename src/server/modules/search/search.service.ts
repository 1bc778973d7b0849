import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Viewer } from '../orders/orders.service';
import { scopeCondition } from '../orders/projections/order-summary.projection';
import {
  customerSearchSql,
  engineerVisitSearchSql,
  orderSearchSql,
  runSearchSql,
  serialSearchSql,
  type CustomerSearchRow,
  type OrderSearchRow,
  type SerialSearchRow,
  type VisitSearchRow,
} from '../orders/projections/search.projection';
import { londonDateOf } from '@shared/london-date';
import { visitSlotLabels } from '@shared/orders/order-status';
import {
  searchKindLabels,
  searchLimits,
  type SearchGroup,
  type SearchKind,
  type SearchResponse,
  type SearchResult,
} from '@shared/search/search.contracts';
import { searchTerms } from '@shared/search/search-terms';
import { statusLabels, visitStatusLabels } from '@shared/status-words';

// Search from the top bar (issue 25, decision 079). Scoped as the lists are: back office finds
// everything; a contractor the orders of its company (the order list's scope condition); an
// engineer their own visits (as the engineer app lists them). Each result names the page that
// role opens it on.

const limit = searchLimits.perGroup;
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
const nameOf = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();

function dayWords(date: string) {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Serials typed on a visit still open are searched this many days back (then stock has them). */
const openVisitDays = 14;

export function openVisitsSince(now: Date): string {
  return londonDateOf(new Date(now.getTime() - openVisitDays * 86_400_000));
}

function orderResult(row: OrderSearchRow, href: string): SearchResult {
  return {
    id: row.id,
    title: joined(row.order_number, row.partner_reference),
    subtitle: joined(nameOf(row), row.postcode, statusLabels.order[row.status]),
    href,
    matched: row.matched,
  };
}

/** A statement the term cannot match (a serial without a digit, say) finds nothing. */
async function runOptional<Row>(db: Database, statement: SQL | null): Promise<Row[]> {
  return statement ? runSearchSql<Row>(db, statement) : [];
}

function group(kind: SearchKind, items: SearchResult[]): SearchGroup[] {
  return items.length > 0 ? [{ kind, label: searchKindLabels[kind], items }] : [];
}

export async function searchForViewer(
  db: Database,
  viewer: Viewer,
  q: string,
  now = new Date(),
): Promise<SearchResponse> {
  const terms = searchTerms(q);
  const groups: SearchGroup[] = [];
  if (viewer.backOffice) {
    const [orderRows, customerRows, serialRows] = await Promise.all([
      runSearchSql<OrderSearchRow>(db, orderSearchSql(terms, undefined, limit)),
      runSearchSql<CustomerSearchRow>(db, customerSearchSql(terms, limit)),
      runOptional<SerialSearchRow>(db, serialSearchSql(terms, null, limit)),
    ]);
    groups.push(
      ...group(
        'orders',
        orderRows.map((row) => orderResult(row, `/orders/${row.id}`)),
      ),
      ...group(
        'customers',
        customerRows.map((row) => ({
          id: row.id,
          title: nameOf(row),
          subtitle: joined(row.reference, `${row.postcode} ${row.town}`.trim()),
          href: `/customers/${row.id}`,
          matched: row.matched,
        })),
      ),
      ...group(
        'serials',
        serialRows.map((row) => ({
          id: `${row.serial}|${row.order_id ?? ''}`,
          title: row.serial,
          subtitle: joined(row.label, row.order_number ?? row.status.replaceAll('_', ' ')),
          href: row.order_id ? `/orders/${row.order_id}` : '/admin/inventory',
          matched: 'serial' as const,
        })),
      ),
    );
    return { q: terms.lower, groups };
  }
  if (viewer.contractorId) {
    const [orderRows, serialRows] = await Promise.all([
      runSearchSql<OrderSearchRow>(db, orderSearchSql(terms, scopeCondition(viewer), limit)),
      runOptional<SerialSearchRow>(db, serialSearchSql(terms, viewer.contractorId, limit)),
    ]);
    groups.push(
      ...group(
        'orders',
        orderRows.map((row) => orderResult(row, `/contractor/orders/${row.id}`)),
      ),
      ...group(
        'serials',
        serialRows.flatMap((row) =>
          row.order_id
            ? [
                {
                  id: `${row.serial}|${row.order_id}`,
                  title: row.serial,
                  subtitle: joined(row.label, row.order_number),
                  href: `/contractor/orders/${row.order_id}`,
                  matched: 'serial' as const,
                },
              ]
            : [],
        ),
      ),
    );
  }
  if (viewer.engineer) {
    const today = londonDateOf(now);
    const rows = await runSearchSql<VisitSearchRow>(
      db,
      engineerVisitSearchSql(terms, viewer.userId, limit, openVisitsSince(now)),
    );
    groups.push(
      ...group(
        'visits',
        rows.map((row) => {
          // The engineer app holds the visits to come; a past one opens as its record.
          const open =
            (row.status === 'scheduled' || row.status === 'in_progress') &&
            row.scheduled_date >= today;
          return {
            id: row.id,
            title: nameOf(row),
            subtitle: joined(
              row.order_number,
              row.postcode,
              `${dayWords(row.scheduled_date)} ${visitSlotLabels[row.slot]}`,
              visitStatusLabels[row.status],
            ),
            href: open ? `/engineer/visits/${row.id}` : `/installation/${row.order_id}`,
            matched: row.matched,
          };
        }),
      ),
    );
  }
  return { q: terms.lower, groups };
}
