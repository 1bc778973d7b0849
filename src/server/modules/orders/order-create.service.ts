import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, badRequest, conflict } from '../../errors';
import { orderErrorCodes } from '@shared/error-codes';
import type { createOrderBody } from '@shared/orders/orders.contracts';
import { slaDeadlines, slaTargetDays } from '@shared/orders/sla';
import {
  findCustomer,
  findDuplicateCustomers,
  insertCustomer,
} from '../customers/customers.service';
import { findJobTypeForOrder } from '../job-types/job-types.service';
import { findPartnerForOrder } from '../partners/partners.service';
import { getSlaTargetDays } from '../settings/settings.service';
import { isUniqueViolation } from '../../db/db-errors';
import { eventActor, inTransaction, type ChangeActor } from './order-change';
import {
  insertOrderEvent,
  insertOrderRow,
  nextOrderNumber,
  orderSearchText,
} from './orders.repository';

type CreateOrderInput = z.output<typeof createOrderBody>;

export async function createOrder(
  db: Database,
  body: CreateOrderInput,
  actor: ChangeActor,
  now = new Date(),
): Promise<{ id: string }> {
  try {
    return await inTransaction(db, async (tx) => {
      const partner = await findPartnerForOrder(tx, body.partnerId);
      if (!partner) throw badRequest('Unknown partner', { partnerId: ['Unknown partner'] });
      if (!partner.active)
        throw badRequest('The partner is not active', { partnerId: ['The partner is not active'] });
      const jobType = await findJobTypeForOrder(tx, body.jobTypeId);
      if (!jobType) throw badRequest('Unknown job type', { jobTypeId: ['Unknown job type'] });
      if (!jobType.active)
        throw badRequest('The job type is not active', {
          jobTypeId: ['The job type is not active'],
        });

      let customer;
      if (body.customerId) {
        customer = await findCustomer(tx, body.customerId);
        if (!customer) throw badRequest('Unknown customer', { customerId: ['Unknown customer'] });
      } else {
        const input = body.customer!;
        if (!body.allowDuplicateCustomer) {
          const matches = await findDuplicateCustomers(tx, {
            email: input.email,
            phone: input.phone,
            firstName: input.firstName,
            lastName: input.lastName,
            postcode: input.address.postcode,
          });
          if (matches.length > 0) {
            const first = matches[0]!;
            throw new AppError(
              409,
              orderErrorCodes.duplicateCustomer,
              `This looks like an existing customer: ${first.customer.reference} ${first.customer.firstName} ${first.customer.lastName} (same ${first.matchedOn.map((m) => (m === 'name_postcode' ? 'name and postcode' : m)).join(', ')}).`,
              { customerIds: matches.map((m) => m.customer.id) },
            );
          }
        }
        customer = await insertCustomer(tx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          addressLine1: input.address.line1,
          addressLine2: input.address.line2,
          town: input.address.town,
          county: input.address.county,
          postcode: input.address.postcode,
          latitude: input.latitude,
          longitude: input.longitude,
          notes: input.notes,
        });
      }

      const targetDays = slaTargetDays(partner.slaTargetDays, await getSlaTargetDays(tx));
      const deadlines = slaDeadlines(now, targetDays);
      const orderNumber = await nextOrderNumber(tx, now);
      const kitStatus = body.customerSuppliesKit ? 'customer_supplied' : 'awaiting_dispatch';
      const row = await insertOrderRow(tx, {
        orderNumber,
        partnerId: partner.id,
        partnerReference: body.partnerReference,
        customerId: customer.id,
        jobTypeId: jobType.id,
        pricePence: body.pricePence ?? jobType.defaultPricePence,
        payoutPence: body.payoutPence ?? jobType.defaultPayoutPence,
        status: 'received',
        kitStatus,
        requestedDate: body.requestedDate,
        notes: body.notes,
        slaTargetDays: targetDays,
        slaAtRiskAt: deadlines.atRiskAt,
        slaDueAt: deadlines.dueAt,
        receivedAt: now,
        searchText: orderSearchText(
          { orderNumber, partnerReference: body.partnerReference },
          customer,
        ),
        createdBy: actor.kind === 'user' ? actor.viewer.userId : null,
        createdAt: now,
        updatedAt: now,
      });
      await insertOrderEvent(tx, {
        orderId: row.id,
        type: 'created',
        ...eventActor(actor, actor.kind === 'user' ? 'back_office' : actor.kind),
        toStatus: 'received',
        toKitStatus: kitStatus,
        data: { orderNumber, customerId: customer.id, partnerReference: body.partnerReference },
        createdAt: now,
      });
      return { id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'orders_partner_reference_unique')) {
      throw conflict(
        orderErrorCodes.duplicatePartnerReference,
        'This partner already sent an order with that reference.',
      );
    }
    throw error;
  }
}
