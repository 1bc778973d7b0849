// What other modules (the engineer's app, the order pages, the board) may read of what the
// customer sent: the form's answers and photos. Apart from customer-links.service, which acts on
// orders, so that the modules the order actions use can read them without an import loop.
import type { Database } from '../../db/client';
import { visitPaths } from '@shared/visits/visit-record';
import { visitSlots, type VisitSlot } from '@shared/orders/order-status';
import type {
  AvailabilityEntry,
  CustomerAnswers,
} from '@shared/customer-links/customer-answers.contracts';
import {
  findLatestFormOfOrder,
  findLatestFormsOfOrders,
  findPhoto,
} from './customer-links.repository';

/** The latest customer form answers of an order, and its customer photos' ids. */
export async function findCustomerForm(db: Database, orderId: string) {
  return findLatestFormOfOrder(db, orderId);
}

export async function findCustomerPhoto(db: Database, photoId: string) {
  return findPhoto(db, photoId);
}

/** The dates a stored form gave, well formed and earliest first. */
export function availabilityOf(value: unknown): AvailabilityEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((entry: { date?: unknown; slot?: unknown }) =>
      typeof entry?.date === 'string' && visitSlots.includes(entry.slot as VisitSlot)
        ? [{ date: entry.date, slot: entry.slot as VisitSlot }]
        : [],
    )
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || visitSlots.indexOf(a.slot) - visitSlots.indexOf(b.slot),
    );
}

type LatestForm = NonNullable<Awaited<ReturnType<typeof findLatestFormOfOrder>>>;

/** One stored form as the staff pages read it (decision 072). */
export function customerAnswersOf(form: LatestForm): CustomerAnswers {
  const answers = form.submission.answers;
  return {
    submittedAt: form.submission.submittedAt.toISOString(),
    propertyType: answers.propertyType,
    tenure: answers.tenure,
    landlordPermission: answers.tenure === 'tenant' && answers.landlordPermission === true,
    listedBuilding: answers.listedBuilding,
    dishPosition: answers.dishPosition ?? '',
    accessNotes: answers.accessNotes ?? '',
    availability: availabilityOf(answers.availability),
    photos: form.photoIds.map((id) => ({ id, url: visitPaths.customerPhoto(id) })),
  };
}

/**
 * What the customer sent for an order (the latest form), or null when they have not sent it.
 * The caller has already decided the viewer may see the order.
 */
export async function customerAnswersOfOrder(
  db: Database,
  orderId: string,
): Promise<CustomerAnswers | null> {
  const form = await findLatestFormOfOrder(db, orderId);
  return form ? customerAnswersOf(form) : null;
}

/** The same for many orders at once: only the orders whose customer sent the form are keys. */
export async function customerAnswersOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, CustomerAnswers>> {
  const forms = await findLatestFormsOfOrders(db, orderIds);
  return new Map([...forms].map(([orderId, form]) => [orderId, customerAnswersOf(form)]));
}
