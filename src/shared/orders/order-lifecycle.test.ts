import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  decideForActors,
  decideTransition,
  kitActions,
  lifecycleActions,
  lifecycleActors,
  statusActions,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleInput,
  type LifecycleOrder,
} from './order-lifecycle';
import { kitStatuses, orderStatuses, type KitStatus, type OrderStatus } from './order-status';

// The expectation is written out by hand from PRODUCT.md, independently of the table, so the
// test catches a wrong row rather than restating it.
const beforeCompletion: OrderStatus[] = [
  'received',
  'customer_submitted',
  'validated',
  'assigned',
  'scheduled',
  'in_progress',
  'revisit_required',
];
type Expectation = { by: Partial<Record<LifecycleActor, OrderStatus[]>>; to: OrderStatus | 'held' };
const expected: Record<(typeof statusActions)[number], Expectation> = {
  submit_customer_form: {
    by: { customer: ['received'], back_office: ['received'] },
    to: 'customer_submitted',
  },
  validate: { by: { back_office: ['received', 'customer_submitted'] }, to: 'validated' },
  assign: { by: { back_office: ['validated'] }, to: 'validated' },
  unassign: { by: { back_office: ['validated', 'assigned', 'revisit_required'] }, to: 'validated' },
  accept: { by: { contractor: ['validated'], back_office: ['validated'] }, to: 'assigned' },
  decline: { by: { contractor: ['validated', 'assigned'] }, to: 'validated' },
  schedule: {
    by: {
      contractor: ['assigned', 'revisit_required'],
      back_office: ['assigned', 'revisit_required'],
    },
    to: 'scheduled',
  },
  reschedule: { by: { contractor: ['scheduled'], back_office: ['scheduled'] }, to: 'scheduled' },
  unschedule: { by: { contractor: ['scheduled'], back_office: ['scheduled'] }, to: 'assigned' },
  check_in: { by: { engineer: ['scheduled'] }, to: 'in_progress' },
  complete: { by: { engineer: ['in_progress'] }, to: 'completed' },
  fail: { by: { engineer: ['scheduled', 'in_progress'] }, to: 'revisit_required' },
  close: { by: { back_office: ['completed'] }, to: 'closed' },
  hold: { by: { back_office: beforeCompletion }, to: 'on_hold' },
  resume: { by: { back_office: ['on_hold'] }, to: 'held' },
  cancel: {
    by: {
      back_office: [...beforeCompletion, 'on_hold'],
      partner: ['received', 'customer_submitted', 'validated', 'assigned', 'on_hold'],
    },
    to: 'cancelled',
  },
};
const expectedKit: Record<
  (typeof kitActions)[number],
  { by: LifecycleActor[]; from: KitStatus; to: KitStatus }
> = {
  dispatch_kit: { by: ['back_office'], from: 'awaiting_dispatch', to: 'dispatched' },
  confirm_kit_arrived: { by: ['customer', 'back_office'], from: 'dispatched', to: 'arrived' },
  mark_kit_customer_supplied: {
    by: ['back_office'],
    from: 'awaiting_dispatch',
    to: 'customer_supplied',
  },
};

/** An order in this status for which every state condition of the action holds. */
function orderFor(
  status: OrderStatus,
  action: LifecycleAction,
  kit: KitStatus = 'arrived',
): LifecycleOrder {
  return {
    status,
    kitStatus: kit,
    holdFromStatus: status === 'on_hold' ? 'validated' : null,
    contractorId: 'contractor-1',
    contractorAccepted: action !== 'accept',
    customerValidationStatus: 'validated',
  };
}
const fullInput: LifecycleInput = {
  reason: 'A reason',
  failureReason: 'kit_faulty',
  contractor: { active: true },
  engineer: { belongsToContractor: true, active: true },
  completionMissing: [],
  courier: 'DPD',
  trackingNumber: '1234567890',
};

describe('every status × every status action × every actor', () => {
  const cases = statusActions.flatMap((action) =>
    orderStatuses.flatMap((status) =>
      lifecycleActors.map((actor) => [action, status, actor] as const),
    ),
  );
  it.each(cases)('%s from %s by %s', (action, status, actor) => {
    const expectation = expected[action];
    const decision = decideTransition(action, actor, orderFor(status, action), fullInput);
    const allowedFor = expectation.by[actor] ?? [];
    if (allowedFor.includes(status)) {
      expect(decision).toMatchObject({
        ok: true,
        toStatus: expectation.to === 'held' ? 'validated' : expectation.to,
        toKitStatus: 'arrived',
      });
    } else {
      const anyone = Object.values(expectation.by).flat();
      expect(decision).toMatchObject({
        ok: false,
        code: anyone.includes(status) ? 'ACTOR_NOT_PERMITTED' : 'INVALID_TRANSITION',
      });
      if (!decision.ok) expect(decision.message.length).toBeGreaterThan(10);
    }
  });
});

describe('every status × every kit status × every kit action × every actor', () => {
  const cases = kitActions.flatMap((action) =>
    orderStatuses.flatMap((status) =>
      kitStatuses.flatMap((kit) =>
        lifecycleActors.map((actor) => [action, status, kit, actor] as const),
      ),
    ),
  );
  it.each(cases)('%s while %s with kit %s by %s', (action, status, kit, actor) => {
    const expectation = expectedKit[action];
    const decision = decideTransition(action, actor, orderFor(status, action, kit), fullInput);
    if (['completed', 'closed', 'cancelled'].includes(status)) {
      expect(decision).toMatchObject({ ok: false, code: 'ORDER_ENDED' });
    } else if (kit !== expectation.from) {
      expect(decision).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
    } else if (!expectation.by.includes(actor)) {
      expect(decision).toMatchObject({ ok: false, code: 'ACTOR_NOT_PERMITTED' });
    } else {
      expect(decision).toMatchObject({ ok: true, toStatus: status, toKitStatus: expectation.to });
    }
  });
});

describe('conditions', () => {
  const base = (patch: Partial<LifecycleOrder> = {}): LifecycleOrder => ({
    status: 'assigned',
    kitStatus: 'arrived',
    holdFromStatus: null,
    contractorId: 'c1',
    contractorAccepted: true,
    customerValidationStatus: 'validated',
    ...patch,
  });

  it.each(['hold', 'cancel', 'unassign'] as const)('%s needs a reason', (action) => {
    for (const reason of [undefined, null, '', '   ']) {
      expect(decideTransition(action, 'back_office', base(), { reason })).toMatchObject({
        ok: false,
        code: 'REASON_REQUIRED',
      });
    }
    expect(decideTransition(action, 'back_office', base(), { reason: 'Customer asked' }).ok).toBe(
      true,
    );
  });

  it('decline needs a reason and a contractor', () => {
    expect(decideTransition('decline', 'contractor', base(), {})).toMatchObject({
      code: 'REASON_REQUIRED',
    });
    expect(
      decideTransition('decline', 'contractor', base({ contractorId: null }), {
        reason: 'Too far',
      }),
    ).toMatchObject({ code: 'NO_CONTRACTOR' });
    expect(decideTransition('decline', 'contractor', base(), { reason: 'Too far' })).toMatchObject({
      ok: true,
      toStatus: 'validated',
    });
  });

  it('a partner cancels with a reason', () => {
    expect(decideTransition('cancel', 'partner', base(), {})).toMatchObject({
      code: 'REASON_REQUIRED',
    });
  });

  it('fail needs a failure reason, and words for other', () => {
    const order = base({ status: 'in_progress' });
    expect(decideTransition('fail', 'engineer', order, {})).toMatchObject({
      code: 'FAILURE_REASON_REQUIRED',
    });
    expect(
      decideTransition('fail', 'engineer', order, { failureReason: 'bogus' as never }),
    ).toMatchObject({ code: 'FAILURE_REASON_REQUIRED' });
    expect(decideTransition('fail', 'engineer', order, { failureReason: 'other' })).toMatchObject({
      code: 'REASON_REQUIRED',
    });
    expect(
      decideTransition('fail', 'engineer', order, { failureReason: 'other', reason: 'Dog' }),
    ).toMatchObject({ ok: true, toStatus: 'revisit_required' });
    expect(decideTransition('fail', 'engineer', order, { failureReason: 'no_access' }).ok).toBe(
      true,
    );
  });

  describe('scheduling', () => {
    const engineer = { belongsToContractor: true, active: true };
    it.each(['awaiting_dispatch', 'dispatched'] as const)(
      'refuses while the kit is %s',
      (kitStatus) => {
        const order = base({ kitStatus });
        for (const actor of ['contractor', 'back_office'] as const) {
          expect(decideTransition('schedule', actor, order, { engineer })).toMatchObject({
            code: 'KIT_NOT_READY',
          });
        }
        // Only back office may override, and only with a reason.
        expect(
          decideTransition('schedule', 'contractor', order, {
            engineer,
            kitOverrideReason: 'Urgent',
          }),
        ).toMatchObject({ code: 'KIT_NOT_READY' });
        expect(
          decideTransition('schedule', 'back_office', order, { engineer, kitOverrideReason: ' ' }),
        ).toMatchObject({ code: 'KIT_NOT_READY' });
        expect(
          decideTransition('schedule', 'back_office', order, {
            engineer,
            kitOverrideReason: 'Urgent',
          }),
        ).toMatchObject({ ok: true, toStatus: 'scheduled', kitOverridden: true });
      },
    );

    it.each(['arrived', 'customer_supplied'] as const)('allows with kit %s', (kitStatus) => {
      expect(
        decideTransition('schedule', 'contractor', base({ kitStatus }), { engineer }),
      ).toMatchObject({
        ok: true,
        kitOverridden: false,
      });
    });

    it('needs an active engineer of the contractor', () => {
      expect(decideTransition('schedule', 'contractor', base(), {})).toMatchObject({
        code: 'ENGINEER_REQUIRED',
      });
      expect(
        decideTransition('schedule', 'contractor', base(), {
          engineer: { belongsToContractor: false, active: true },
        }),
      ).toMatchObject({ code: 'ENGINEER_NOT_OF_CONTRACTOR' });
      expect(
        decideTransition('schedule', 'back_office', base(), {
          engineer: { belongsToContractor: true, active: false },
        }),
      ).toMatchObject({ code: 'ENGINEER_NOT_OF_CONTRACTOR' });
    });

    it('needs the contractor to have accepted', () => {
      expect(
        decideTransition(
          'schedule',
          'back_office',
          base({ status: 'revisit_required', contractorAccepted: false }),
          {
            engineer,
          },
        ),
      ).toMatchObject({ code: 'NOT_ACCEPTED' });
    });
  });

  it('accept needs a pending offer', () => {
    const validated = base({ status: 'validated', contractorAccepted: false });
    expect(decideTransition('accept', 'contractor', validated)).toMatchObject({
      ok: true,
      toStatus: 'assigned',
    });
    expect(
      decideTransition('accept', 'contractor', { ...validated, contractorId: null }),
    ).toMatchObject({
      code: 'NOT_OFFERED',
    });
  });

  it('assign needs an active contractor', () => {
    const validated = base({ status: 'validated', contractorId: null, contractorAccepted: false });
    expect(decideTransition('assign', 'back_office', validated, {})).toMatchObject({
      code: 'CONTRACTOR_INACTIVE',
    });
    expect(
      decideTransition('assign', 'back_office', validated, { contractor: { active: false } }),
    ).toMatchObject({ code: 'CONTRACTOR_INACTIVE' });
  });

  it('validate refuses a rejected customer', () => {
    expect(
      decideTransition(
        'validate',
        'back_office',
        base({ status: 'customer_submitted', customerValidationStatus: 'rejected' }),
      ),
    ).toMatchObject({ code: 'CUSTOMER_REJECTED' });
  });

  it('complete needs the completion record', () => {
    const order = base({ status: 'in_progress' });
    const refusal = decideTransition('complete', 'engineer', order, {
      completionMissing: ['photo:cable_entry', 'signature'],
    });
    expect(refusal).toMatchObject({
      code: 'COMPLETION_INCOMPLETE',
      details: { missing: ['photo:cable_entry', 'signature'] },
    });
    if (!refusal.ok)
      expect(refusal.message).toBe(
        'The visit cannot be completed yet. Missing: photo: Cable entry, customer signature.',
      );
  });

  it('resume returns to the status the order left', () => {
    for (const from of beforeCompletion) {
      expect(
        decideTransition(
          'resume',
          'back_office',
          base({ status: 'on_hold', holdFromStatus: from }),
        ),
      ).toMatchObject({ ok: true, toStatus: from });
    }
    expect(
      decideTransition('resume', 'back_office', base({ status: 'on_hold', holdFromStatus: null })),
    ).toMatchObject({ ok: false, code: 'INVALID_TRANSITION' });
  });

  it('a partner cannot cancel an order held after scheduling', () => {
    for (const from of ['scheduled', 'in_progress', 'revisit_required'] as const) {
      expect(
        decideTransition('cancel', 'partner', base({ status: 'on_hold', holdFromStatus: from }), {
          reason: 'No longer wanted',
        }),
      ).toMatchObject({ code: 'HELD_AFTER_SCHEDULING' });
    }
    expect(
      decideTransition('cancel', 'partner', base({ status: 'scheduled' }), { reason: 'x' }),
    ).toMatchObject({
      code: 'ACTOR_NOT_PERMITTED',
    });
  });

  it('dispatch needs courier and tracking', () => {
    const order = base({ kitStatus: 'awaiting_dispatch' });
    expect(
      decideTransition('dispatch_kit', 'back_office', order, { courier: 'DPD' }),
    ).toMatchObject({
      code: 'COURIER_REQUIRED',
    });
    expect(
      decideTransition('dispatch_kit', 'back_office', order, { trackingNumber: '1' }),
    ).toMatchObject({
      code: 'COURIER_REQUIRED',
    });
  });
});

describe('decideForActors', () => {
  it('allows when any of the user’s actors may', () => {
    const order: LifecycleOrder = {
      status: 'scheduled',
      kitStatus: 'arrived',
      holdFromStatus: null,
      contractorId: 'c1',
      contractorAccepted: true,
      customerValidationStatus: 'validated',
    };
    expect(decideForActors('check_in', ['contractor', 'engineer'], order)).toMatchObject({
      ok: true,
      actor: 'engineer',
    });
    expect(decideForActors('check_in', ['contractor'], order)).toMatchObject({
      ok: false,
      code: 'ACTOR_NOT_PERMITTED',
    });
    expect(decideForActors('check_in', [], order)).toMatchObject({ ok: false });
  });
});

describe('allowedActions', () => {
  const order = (patch: Partial<LifecycleOrder>): LifecycleOrder => ({
    status: 'received',
    kitStatus: 'awaiting_dispatch',
    holdFromStatus: null,
    contractorId: null,
    contractorAccepted: false,
    customerValidationStatus: 'unvalidated',
    ...patch,
  });
  const names = (actors: LifecycleActor[], o: LifecycleOrder) =>
    allowedActions(actors, o).map((a) => a.action);

  it('lists back office moves for a new order', () => {
    expect(names(['back_office'], order({}))).toEqual([
      'submit_customer_form',
      'validate',
      'hold',
      'cancel',
      'dispatch_kit',
      'mark_kit_customer_supplied',
    ]);
    const hold = allowedActions(['back_office'], order({})).find((a) => a.action === 'hold');
    expect(hold?.needs).toEqual(['reason']);
  });

  it('hides state-dependent moves', () => {
    expect(names(['back_office'], order({ status: 'validated' }))).not.toContain('accept');
    expect(names(['back_office'], order({ status: 'validated', contractorId: 'c' }))).toContain(
      'accept',
    );
    expect(
      names(
        ['back_office'],
        order({ status: 'customer_submitted', customerValidationStatus: 'rejected' }),
      ),
    ).not.toContain('validate');
  });

  it('offers scheduling to a contractor only when the kit is ready', () => {
    const assigned = order({ status: 'assigned', contractorId: 'c', contractorAccepted: true });
    expect(names(['contractor'], assigned)).toEqual(['decline']);
    expect(names(['contractor'], { ...assigned, kitStatus: 'arrived' })).toEqual([
      'decline',
      'schedule',
    ]);
    const schedule = allowedActions(['back_office'], assigned).find((a) => a.action === 'schedule');
    expect(schedule?.needs).toEqual(['engineer_of_contractor', 'kit_ready_or_override']);
    const ready = allowedActions(['back_office'], { ...assigned, kitStatus: 'arrived' }).find(
      (a) => a.action === 'schedule',
    );
    expect(ready?.needs).toEqual(['engineer_of_contractor']);
  });

  it('gives nothing to an actor with no moves', () => {
    expect(names(['partner'], order({ status: 'closed' }))).toEqual([]);
    expect(names(['engineer'], order({ status: 'completed' }))).toEqual([]);
    expect(lifecycleActions.length).toBe(19);
  });
});
