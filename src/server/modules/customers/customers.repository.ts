import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cursorKeyColumn, type KeyColumn, type ListPaging, listPage } from '../../db/keyset';
import { customers } from './customers.schema';
import type { Customer, DuplicateMatch } from '@shared/customers/customers.contracts';
import type { CustomerValidationStatus } from '@shared/orders/order-status';
import { orderSearchText, searchPatterns } from '@shared/orders/order-search';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    reference: row.reference,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      town: row.town,
      county: row.county,
      postcode: row.postcode,
    },
    latitude: row.latitude,
    longitude: row.longitude,
    notes: row.notes,
    validationStatus: row.validationStatus,
    rejectionReason: row.rejectionReason,
    validatedAt: iso(row.validatedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function customerSearchText(
  row: Pick<CustomerRow, 'reference' | 'firstName' | 'lastName' | 'postcode' | 'email' | 'phone'>,
) {
  return `${row.reference.toLowerCase()} | ${orderSearchText({ orderNumber: '', partnerReference: null }, row)}`;
}

/** CUS-NNNNNN: a number of the customer_reference_seq sequence as a reference. */
export function formatCustomerReference(n: number): string {
  return `CUS-${String(n).padStart(6, '0')}`;
}

export async function nextCustomerReference(tx: Database): Promise<string> {
  const result = await tx.execute(sql`select nextval('customer_reference_seq')::text as n`);
  return formatCustomerReference(
    Number((result as unknown as { rows: { n: string }[] }).rows[0]!.n),
  );
}

export async function insertCustomer(
  tx: Database,
  values: Omit<NewCustomerRow, 'reference' | 'searchText'>,
): Promise<CustomerRow> {
  const reference = await nextCustomerReference(tx);
  const [row] = await tx
    .insert(customers)
    .values({
      ...values,
      reference,
      searchText: customerSearchText({
        ...values,
        reference,
        email: values.email ?? null,
        phone: values.phone ?? null,
      }),
    })
    .returning();
  return row!;
}

export async function findCustomer(db: Database, id: string): Promise<CustomerRow | null> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Updates the customer (locked first) and its search text; answers the row as it now is. */
export async function updateCustomerRow(
  tx: Database,
  id: string,
  values: Partial<NewCustomerRow>,
): Promise<CustomerRow> {
  const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
  if (!current) throw new Error('customer vanished');
  const next = { ...current, ...values };
  const [row] = await tx
    .update(customers)
    .set({ ...values, searchText: customerSearchText(next), updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning();
  return row!;
}

/** Same email, same phone, or same name and postcode (PRODUCT: duplicate-customer warning). */
export async function findDuplicateCustomers(
  db: Database,
  probe: {
    email?: string | null;
    phone?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    postcode?: string | null;
  },
  excludeId?: string,
): Promise<DuplicateMatch[]> {
  const conditions: SQL[] = [];
  if (probe.email) conditions.push(eq(customers.email, probe.email.toLowerCase()));
  if (probe.phone) conditions.push(eq(customers.phone, probe.phone));
  if (probe.firstName && probe.lastName && probe.postcode) {
    conditions.push(
      and(
        eq(customers.postcode, probe.postcode),
        sql`lower(${customers.lastName}) = ${probe.lastName.toLowerCase()}`,
        sql`lower(${customers.firstName}) = ${probe.firstName.toLowerCase()}`,
      )!,
    );
  }
  if (conditions.length === 0) return [];
  const rows = await db
    .select()
    .from(customers)
    .where(or(...conditions))
    .orderBy(asc(customers.createdAt))
    .limit(10);
  return rows
    .filter((row) => row.id !== excludeId)
    .map((row) => {
      const matchedOn: DuplicateMatch['matchedOn'] = [];
      if (probe.email && row.email === probe.email.toLowerCase()) matchedOn.push('email');
      if (probe.phone && row.phone === probe.phone) matchedOn.push('phone');
      if (
        probe.firstName &&
        probe.lastName &&
        probe.postcode === row.postcode &&
        probe.lastName.toLowerCase() === row.lastName.toLowerCase() &&
        probe.firstName.toLowerCase() === row.firstName.toLowerCase()
      )
        matchedOn.push('name_postcode');
      return { customer: toCustomer(row), matchedOn };
    });
}

const customerKeys: KeyColumn[] = [
  { sql: sql`${customers.createdAt}`, type: 'timestamptz' },
  { sql: sql`${customers.id}`, type: 'uuid' },
];

/** One page of customers, newest first, by keyset (or bounded page number), and the total. */
export async function listCustomers(
  db: Database,
  paging: ListPaging,
  query: {
    q?: string;
    validationStatus?: CustomerValidationStatus[];
    page: number;
    pageSize: number;
    cursor?: string;
  },
) {
  const conditions: SQL[] = [];
  if (query.validationStatus)
    conditions.push(inArray(customers.validationStatus, query.validationStatus));
  if (query.q) {
    const patterns = searchPatterns(query.q);
    if (patterns.length > 0)
      conditions.push(or(...patterns.map((p) => sql`${customers.searchText} like ${p}`))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const searched = !!query.q && searchPatterns(query.q).length > 0;
  // Raw SQL: drizzle may leave the outer column unqualified inside a subquery.
  const orderCount = sql<number>`(select count(*)::int from orders o2 where o2.customer_id = "customers"."id")`;
  return listPage(
    db,
    paging,
    { name: 'customers', keys: customerKeys, table: customers, where, searched },
    query,
    (request) =>
      db
        .select({ customer: customers, orderCount, cursorKey: cursorKeyColumn(customerKeys) })
        .from(customers)
        .where(request.after ? and(where, request.after) : where)
        .orderBy(...request.orderBy)
        .limit(request.limit)
        .offset(request.offset),
  );
}

/** Marks the customer validated (the order's `validate` action), nothing else. */
export async function markCustomerValidatedRow(
  tx: Database,
  id: string,
  validatedBy: string | null,
  now: Date,
) {
  await tx
    .update(customers)
    .set({
      validationStatus: 'validated',
      rejectionReason: null,
      validatedAt: now,
      validatedBy,
      updatedAt: now,
    })
    .where(eq(customers.id, id));
}

/** Sets the SMS opt-out of every customer with this phone; answers how many changed. */
export async function setSmsOptOutByPhone(db: Database, phone: string, optOut: boolean) {
  const rows = await db
    .update(customers)
    .set({ smsOptOut: optOut, updatedAt: new Date() })
    .where(eq(customers.phone, phone))
    .returning({ id: customers.id });
  return rows.length;
}
