import { randomUUID } from 'node:crypto';
import { orderErrorCodes } from '@shared/error-codes';
import { slaDeadlines, slaTargetDays } from '@shared/orders/sla';
import { badRequest, conflict } from '../../errors';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/db-errors';
import { customerSearchText, formatCustomerReference } from '../customers/customers.service';
import { settingKeys, slaTargetDaysFrom } from '../settings/general-settings.service';
import { newOrderNumber } from './order-number';
import { insertIntakeRows, readIntakeContext } from './order-intake.repository';
import { orderDomainEvent, orderSearchText } from './orders.repository';

// Partner order intake (issue 23, decision 088): what createOrder does for a partner's order
// with a new customer (no duplicate check, no prices given), in two statements instead of
// eleven. createOrder stays the one path for back office, with its checks.

export type IntakeInput = {
  partnerId: string;
  /** The partner's name, as the created event names its actor. */
  partnerName: string;
  jobTypeCode: string;
  partnerReference: string;
  customer: {
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    address: {
      line1: string;
      line2?: string | null;
      town: string;
      county?: string | null;
      postcode: string;
    };
  };
  requestedDate: string | null;
  notes: string | null;
  customerSuppliesKit: boolean;
};

/** The order as written: what the partner API answers, without reading it back. */
export type IntakeOrder = {
  id: string;
  orderNumber: string;
  partnerReference: string;
  status: 'received';
  kitStatus: 'awaiting_dispatch' | 'customer_supplied';
  jobTypeCode: string;
  jobTypeName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  requestedDate: string | null;
  notes: string | null;
  cancellationReason: null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: null;
  cancelledAt: null;
};

export type IntakeOutcome =
  | { outcome: 'created'; order: IntakeOrder }
  | { outcome: 'unknown_job_type' };

export async function createIntakeOrder(
  db: Database,
  input: IntakeInput,
  now = new Date(),
): Promise<IntakeOutcome> {
  const context = await readIntakeContext(db, input.partnerId, input.jobTypeCode, settingKeys.sla);
  if (!context) throw badRequest('Unknown partner', { partnerId: ['Unknown partner'] });
  if (!context.partnerActive)
    throw badRequest('The partner is not active', { partnerId: ['The partner is not active'] });
  const jobType = context.jobType;
  if (!jobType?.active || !context.sequences) return { outcome: 'unknown_job_type' };

  const targetDays = slaTargetDays(context.partnerSlaDays, slaTargetDaysFrom(context.slaSetting));
  const deadlines = slaDeadlines(now, targetDays);
  const orderNumber = newOrderNumber(now, context.sequences.order);
  const kitStatus: IntakeOrder['kitStatus'] = input.customerSuppliesKit
    ? 'customer_supplied'
    : 'awaiting_dispatch';
  const given = input.customer;
  const customer = {
    id: randomUUID(),
    reference: formatCustomerReference(context.sequences.customer),
    firstName: given.firstName,
    lastName: given.lastName,
    email: given.email,
    phone: given.phone,
    addressLine1: given.address.line1,
    addressLine2: given.address.line2 ?? null,
    town: given.address.town,
    county: given.address.county ?? null,
    postcode: given.address.postcode,
  };
  const orderId = randomUUID();
  const event = {
    id: randomUUID(),
    orderId,
    type: 'created',
    actorUserId: null,
    actorRole: 'partner',
    actorName: input.partnerName,
    toStatus: 'received' as const,
    toKitStatus: kitStatus,
    data: { orderNumber, customerId: customer.id, partnerReference: input.partnerReference },
    createdAt: now,
  };
  const outbox = orderDomainEvent(event);
  try {
    await insertIntakeRows(db, {
      customer: { ...customer, searchText: customerSearchText(customer) },
      order: {
        id: orderId,
        orderNumber,
        partnerId: input.partnerId,
        partnerReference: input.partnerReference,
        jobTypeId: jobType.id,
        pricePence: jobType.pricePence,
        payoutPence: jobType.payoutPence,
        kitStatus,
        requestedDate: input.requestedDate,
        notes: input.notes,
        slaTargetDays: targetDays,
        slaAtRiskAt: deadlines.atRiskAt,
        slaDueAt: deadlines.dueAt,
        searchText: orderSearchText(
          { orderNumber, partnerReference: input.partnerReference },
          customer,
        ),
      },
      event,
      outbox,
      now,
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
  return {
    outcome: 'created',
    order: {
      ...customer,
      id: orderId,
      orderNumber,
      partnerReference: input.partnerReference,
      status: 'received',
      kitStatus,
      jobTypeCode: jobType.code,
      jobTypeName: jobType.name,
      requestedDate: input.requestedDate,
      notes: input.notes,
      cancellationReason: null,
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      cancelledAt: null,
    },
  };
}
