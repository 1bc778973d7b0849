import type { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../errors';
import { orderErrorCodes } from '@shared/error-codes';
import type { updateOrderBody } from '@shared/orders/orders.contracts';
import { findCustomer } from '../customers/customers.service';
import { findJobTypeForOrder } from '../job-types/job-types.service';
import { isUniqueViolation } from '../../db/db-errors';
import type { Viewer } from './order-access';
import { checkVersion, eventActor, inTransaction, orderNotFound } from './order-change';
import {
  insertOrderEvent,
  lockOrder,
  orderSearchText,
  updateOrderRow,
  type OrderRow,
} from './orders.repository';

type UpdateOrderInput = z.output<typeof updateOrderBody>;

export async function updateOrder(
  db: Database,
  id: string,
  body: UpdateOrderInput,
  viewer: Viewer,
): Promise<void> {
  if (!viewer.backOffice) throw forbidden();
  await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw orderNotFound();
    checkVersion(order, body.expectedVersion);
    const { expectedVersion: _ignored, ...fields } = body;
    if (fields.jobTypeId && fields.jobTypeId !== order.jobTypeId) {
      const jobType = await findJobTypeForOrder(tx, fields.jobTypeId);
      if (!jobType) throw badRequest('Unknown job type', { jobTypeId: ['Unknown job type'] });
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const before = order[key as keyof OrderRow];
      if (before !== value) changes[key] = { from: before, to: value };
    }
    if (Object.keys(changes).length === 0) return;
    const values: Partial<OrderRow> = {};
    for (const [key, change] of Object.entries(changes)) {
      (values as Record<string, unknown>)[key] = change.to;
    }
    if ('partnerReference' in changes) {
      const customer = await findCustomer(tx, order.customerId);
      values.searchText = orderSearchText(
        { orderNumber: order.orderNumber, partnerReference: fields.partnerReference ?? null },
        customer!,
      );
    }
    try {
      await updateOrderRow(tx, id, values);
    } catch (error) {
      if (isUniqueViolation(error, 'orders_partner_reference_unique')) {
        throw conflict(
          orderErrorCodes.duplicatePartnerReference,
          'This partner already sent an order with that reference.',
        );
      }
      throw error;
    }
    await insertOrderEvent(tx, {
      orderId: id,
      type: 'edited',
      ...eventActor({ kind: 'user', viewer }, 'back_office'),
      data: { changes },
    });
  });
}
