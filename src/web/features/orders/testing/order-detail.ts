import type { OrderDetail } from '@shared/orders/orders.contracts';

const id = '11111111-1111-4111-8111-111111111111';

/** An order as GET /api/orders/:id answers it, with overrides. */
export function buildOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const now = '2026-11-20T10:00:00.000Z';
  return {
    id,
    orderNumber: 'UPL-2026-000123',
    status: 'validated',
    kitStatus: 'awaiting_dispatch',
    holdFromStatus: null,
    partner: { id: '22222222-2222-4222-8222-222222222222', name: 'SkyReach Broadband' },
    partnerReference: 'SR-1',
    customer: {
      id: '33333333-3333-4333-8333-333333333333',
      reference: 'CUS-000123',
      firstName: 'Ada',
      lastName: 'Trelawny',
      email: 'ada@example.net',
      phone: '+447700900123',
      address: { line1: '1 Quay', line2: null, town: 'Looe', county: null, postcode: 'PL13 1AA' },
      latitude: null,
      longitude: null,
      notes: null,
      validationStatus: 'validated',
      rejectionReason: null,
      validatedAt: now,
      createdAt: now,
      updatedAt: now,
    },
    jobType: { id: '44444444-4444-4444-8444-444444444444', name: 'Standard installation' },
    pricePence: 19900,
    payoutPence: 12000,
    courier: null,
    trackingNumber: null,
    kitDispatchedAt: null,
    kitArrivedAt: null,
    contractor: null,
    assignmentState: 'unassigned',
    contractorOfferedAt: null,
    contractorAcceptedAt: null,
    requestedDate: null,
    notes: null,
    slaTargetDays: 14,
    slaState: 'on_track',
    slaDueAt: '2026-12-04T10:00:00.000Z',
    receivedAt: now,
    completedAt: null,
    closedAt: null,
    cancelledAt: null,
    cancellationReason: null,
    createdAt: now,
    updatedAt: now,
    version: 7,
    visits: [],
    timeline: [],
    allowedActions: [],
    ...overrides,
  };
}

type OrderVisit = OrderDetail['visits'][number];

/** A visit of the order, booked and not started: Sam Penrose, AM, unless told otherwise. */
export function buildVisit(overrides: Partial<OrderVisit> = {}): OrderVisit {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    orderId: id,
    contractorId: '88888888-8888-4888-8888-888888888888',
    engineer: { id: '77777777-7777-4777-8777-777777777777', firstName: 'Sam', lastName: 'Penrose' },
    scheduledDate: '2026-11-24',
    slot: 'am',
    status: 'scheduled',
    checkedInAt: null,
    checkInOffDayReason: null,
    checkedOutAt: null,
    outcome: null,
    failureReason: null,
    outcomeNotes: null,
    customerSignOffName: null,
    serials: {},
    kitOverrideReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
