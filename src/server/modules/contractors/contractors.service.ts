import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { ListPaging } from '../../db/keyset';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { orderErrorCodes } from '@shared/orders/orders.contracts';
import type {
  Contractor,
  createContractorBody,
  Engineer,
  updateContractorBody,
} from '@shared/contractors/contractors.contracts';
import type { AssignmentQueueItem, OrderListResponse } from '@shared/orders/orders.contracts';
import { coversPostcode } from '@shared/uk-postcode';
import { jobTypeNamesOf } from '../job-types/job-types.service';
import type { Viewer } from '../orders/orders.service';
import { listOrdersForViewer, performOrderAction } from '../orders/orders.service';
import { listEngineerRowsOfCompany } from '../users/user-lookup.service';
import { ensureDepot } from '../stock/stock-locations.service';
import {
  contractorReferenceCounts,
  deleteContractorRow,
  insertContractor,
  listContractorRows,
  listRateRows,
  replaceRates,
  toContractor,
  updateContractorRow,
} from './contractors.repository';

type CreateInput = z.output<typeof createContractorBody>;
type UpdateInput = z.output<typeof updateContractorBody>;

export const contractorNotFound = () => notFound('Contractor not found');

/** The contractors by name, each with its own rates (by job type name) and counts. */
export async function listContractors(
  db: Database,
  filter: { q?: string; active?: boolean; ids?: string[] } = {},
): Promise<Contractor[]> {
  const rows = await listContractorRows(db, filter);
  if (rows.length === 0) return [];
  const rates = await listRateRows(
    db,
    rows.map((r) => r.contractor.id),
  );
  const jobTypes = await jobTypeNamesOf(db, [...new Set(rates.map((rate) => rate.jobTypeId))]);
  const ratesOf = (contractorId: string): Contractor['rates'] =>
    jobTypes.flatMap((jobType) =>
      rates
        .filter((rate) => rate.contractorId === contractorId && rate.jobTypeId === jobType.id)
        .map((rate) => ({
          jobTypeId: rate.jobTypeId,
          jobTypeName: jobType.name,
          payoutPence: rate.payoutPence,
        })),
    );
  return rows.map((r) => toContractor(r.contractor, ratesOf(r.contractor.id), r));
}

export async function findContractor(db: Database, id: string) {
  const [found] = await listContractors(db, { ids: [id] });
  return found ?? null;
}

/** The company's engineers, disabled ones too, by surname. */
export async function engineersOf(db: Database, contractorId: string): Promise<Engineer[]> {
  const rows = await listEngineerRowsOfCompany(db, contractorId);
  return rows.map((u) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    active: u.status !== 'disabled',
  }));
}

function addressColumns(address: CreateInput['address']) {
  return {
    addressLine1: address?.line1 ?? null,
    addressLine2: address?.line2 ?? null,
    town: address?.town ?? null,
    county: address?.county ?? null,
    postcode: address?.postcode ?? null,
  };
}

async function checkJobTypes(tx: Database, rates: { jobTypeId: string }[]) {
  if (rates.length === 0) return;
  const ids = rates.map((r) => r.jobTypeId);
  const found = await jobTypeNamesOf(tx, ids);
  if (found.length !== new Set(ids).size) {
    throw badRequest('Unknown job type in rates', { rates: ['Unknown job type'] });
  }
}

export async function createContractor(db: Database, body: CreateInput) {
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await checkJobTypes(tx, body.rates);
    const row = await insertContractor(tx, {
      name: body.name,
      companyNumber: body.companyNumber,
      vatNumber: body.vatNumber,
      contactEmail: body.contactEmail,
      contactPhone: body.contactPhone,
      ...addressColumns(body.address),
      coverageAreas: body.coverageAreas,
      active: body.active,
    });
    await replaceRates(tx, row.id, body.rates);
    await ensureDepot(tx, row);
    return row.id;
  });
  return contractorDetail(db, id);
}

export async function updateContractor(db: Database, id: string, body: UpdateInput) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const { rates, address, ...rest } = body;
    const values: Record<string, unknown> = { ...rest };
    if (address !== undefined) Object.assign(values, addressColumns(address));
    const row = await updateContractorRow(tx, id, values);
    if (!row) throw contractorNotFound();
    await ensureDepot(tx, row);
    if (rates) {
      await checkJobTypes(tx, rates);
      await replaceRates(tx, id, rates);
    }
  });
  return contractorDetail(db, id);
}

export async function contractorDetail(db: Database, id: string) {
  const contractor = await findContractor(db, id);
  if (!contractor) throw contractorNotFound();
  return { ...contractor, engineers: await engineersOf(db, id) };
}

/**
 * Removes a contractor that never worked: one with orders, visits or users answers 409
 * (make it inactive instead, so its history stays).
 */
export async function deleteContractor(db: Database, id: string) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const contractor = await findContractor(tx, id);
    if (!contractor) throw contractorNotFound();
    const refs = await contractorReferenceCounts(tx, id);
    if (refs && (Number(refs.users) > 0 || Number(refs.orders) > 0 || Number(refs.visits) > 0)) {
      throw conflict(
        orderErrorCodes.inUse,
        'The contractor has engineers, orders or visits; make it inactive instead.',
      );
    }
    await deleteContractorRow(tx, id);
  });
}

/** The assignment queue: each order with the contractors covering its postcode first. */
export async function assignmentQueue(
  db: Database,
  paging: ListPaging,
  query: { page: number; pageSize: number },
  viewer: Viewer,
  now = new Date(),
): Promise<OrderListResponse & { items: AssignmentQueueItem[] }> {
  const filters = {
    page: query.page,
    pageSize: query.pageSize,
    status: ['validated' as const],
    contractorId: 'none' as const,
    kitStatus: undefined,
    slaState: undefined,
    sort: 'slaDueAt' as const,
    direction: 'asc' as const,
  };
  const [page, active] = await Promise.all([
    listOrdersForViewer(db, paging, filters, viewer, now),
    listContractors(db, { active: true }),
  ]);
  return {
    ...page,
    items: page.items.map((item) => ({
      ...item,
      suggestedContractors: active
        .map((c) => ({
          id: c.id,
          name: c.name,
          covers: coversPostcode(c.coverageAreas, item.customer.postcode),
          openOrderCount: c.openOrderCount,
        }))
        // Covering contractors first, then the least busy.
        .sort(
          (a, b) =>
            Number(b.covers) - Number(a.covers) ||
            a.openOrderCount - b.openOrderCount ||
            a.name.localeCompare(b.name),
        ),
    })),
  };
}

/** Offers each order to the contractor, one transaction per order; answers each outcome. */
export async function bulkAssign(
  db: Database,
  body: { orderIds: string[]; contractorId: string },
  viewer: Viewer,
) {
  const contractor = await findContractor(db, body.contractorId);
  if (!contractor) throw badRequest('Unknown contractor', { contractorId: ['Unknown contractor'] });
  const results = [];
  for (const orderId of [...new Set(body.orderIds)]) {
    try {
      await performOrderAction(
        db,
        orderId,
        'assign',
        { contractorId: body.contractorId },
        { kind: 'user', viewer },
      );
      results.push({ orderId, ok: true });
    } catch (error) {
      if (error instanceof AppError) {
        results.push({ orderId, ok: false, code: error.code, message: error.message });
      } else throw error;
    }
  }
  return { results };
}
