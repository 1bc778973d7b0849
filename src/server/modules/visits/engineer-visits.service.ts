import {
  mapsUrl,
  type EngineerVisit,
  type EngineerVisitsResponse,
  type ExpectedKitItem,
  type RemovedVisit,
} from '@shared/visits/visit-record';
import type { Database } from '../../db/client';
import {
  customerAnswersOf,
  findCustomerForm,
} from '../customer-links/customer-form-lookup.service';
import { findKitArrivedSerial } from '../orders/order-lookup.service';
import type { Viewer } from '../orders/orders.service';
import {
  findEngineerVisits,
  findVisitWithOrder,
} from '../orders/projections/visit-record.projection';
import { getCommissioningThresholds } from '../settings/settings.service';
import { findPhotosOfVisits } from './visit-record.repository';
import { recordView } from './visit-record.view';
import { londonDateOf } from '@shared/london-date';

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The kit every installation fits, with the serial the customer confirmed on arrival. */
export async function expectedKit(db: Database, orderId: string): Promise<ExpectedKitItem[]> {
  const arrived = await findKitArrivedSerial(db, orderId);
  return [
    { kind: 'dish', label: 'Satellite dish', expectedSerial: arrived },
    { kind: 'router', label: 'Router', expectedSerial: null },
  ];
}

/** The engineer's own visits from `from` for `days` days, with everything needed on site. */
export async function engineerVisits(
  db: Database,
  viewer: Viewer,
  query: { from?: string; days: number; held?: string[] },
  now = new Date(),
): Promise<EngineerVisitsResponse> {
  const from = query.from ?? londonDateOf(now);
  const to = addDays(from, query.days - 1);
  const rows = await findEngineerVisits(db, viewer.userId, from, to);
  const photos = await findPhotosOfVisits(
    db,
    rows.map((r) => r.visit.id),
  );
  const items: EngineerVisit[] = [];
  for (const row of rows) {
    const c = row.customer;
    const lines = [c.addressLine1, c.addressLine2].filter((l): l is string => !!l);
    const form = await findCustomerForm(db, row.order.id);
    const answers = form?.submission.answers;
    items.push({
      id: row.visit.id,
      orderId: row.order.id,
      orderNumber: row.order.orderNumber,
      orderStatus: row.order.status,
      scheduledDate: row.visit.scheduledDate,
      slot: row.visit.slot,
      status: row.visit.status,
      jobType: row.jobType,
      customer: { name: `${c.firstName} ${c.lastName}`, phone: c.phone, email: c.email },
      address: {
        lines,
        town: c.town,
        county: c.county,
        postcode: c.postcode,
        mapsUrl: mapsUrl(
          [c.addressLine1, c.addressLine2, c.town, c.postcode].filter(Boolean).join(', '),
        ),
      },
      accessNotes: answers?.accessNotes || row.order.notes || null,
      kitExpected: await expectedKit(db, row.order.id),
      customerForm: form ? customerAnswersOf(form) : null,
      record: recordView(
        {
          visit: row.visit,
          orderNumber: row.order.orderNumber,
          orderStatus: row.order.status,
          engineerFirstName: row.engineerFirstName,
          engineerLastName: row.engineerLastName,
        },
        photos.filter((p) => p.visitId === row.visit.id),
      ),
    });
  }
  const listed = new Set(items.map((item) => item.id));
  const removed: RemovedVisit[] = [];
  for (const id of query.held ?? []) {
    if (!listed.has(id)) removed.push(await whyRemoved(db, viewer, id, from));
  }
  return { from, to, thresholds: await getCommissioningThresholds(db), items, removed };
}

/**
 * Why a visit the phone held is not in the list. Another engineer's visit says only that it
 * was reassigned (not to whom); one the phone held but the server never had reads as
 * unscheduled.
 */
async function whyRemoved(
  db: Database,
  viewer: Viewer,
  id: string,
  from: string,
): Promise<RemovedVisit> {
  const row = await findVisitWithOrder(db, id);
  if (!row) return { id, orderNumber: null, reason: 'unscheduled', at: null, movedTo: null };
  const base = { id, orderNumber: row.orderNumber, at: row.visit.updatedAt.toISOString() };
  if (row.visit.engineerId !== viewer.userId) {
    return { ...base, reason: 'reassigned', movedTo: null };
  }
  if (row.visit.status === 'cancelled') {
    const reason = row.orderStatus === 'cancelled' ? 'cancelled' : 'unscheduled';
    return { ...base, reason, movedTo: null };
  }
  const reason = row.visit.scheduledDate < from ? 'past' : 'moved';
  return { ...base, reason, movedTo: row.visit.scheduledDate };
}
