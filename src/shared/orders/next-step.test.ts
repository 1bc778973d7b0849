import { describe, expect, it } from 'vitest';
import { nextStep, primaryAction, type NextStepOrder } from './next-step';

const order = (over: Partial<NextStepOrder>): NextStepOrder => ({
  status: 'received',
  kitStatus: 'awaiting_dispatch',
  assignmentState: 'unassigned',
  ...over,
});

describe('the expected next step (issue 24)', () => {
  it.each([
    [order({}), 'submit_customer_form'],
    [order({ status: 'customer_submitted' }), 'validate'],
    [order({ status: 'validated' }), 'assign'],
    [order({ status: 'validated', assignmentState: 'offered' }), 'accept'],
    [order({ status: 'assigned', assignmentState: 'accepted' }), 'dispatch_kit'],
    [order({ status: 'assigned', kitStatus: 'dispatched' }), 'confirm_kit_arrived'],
    [order({ status: 'assigned', kitStatus: 'arrived' }), 'schedule'],
    [order({ status: 'revisit_required', kitStatus: 'customer_supplied' }), 'schedule'],
    [order({ status: 'scheduled' }), 'check_in'],
    [order({ status: 'in_progress' }), 'complete'],
    [order({ status: 'completed' }), 'close'],
    [order({ status: 'on_hold' }), 'resume'],
  ] as const)('%o expects %s', (o, action) => {
    expect(nextStep(o)?.action).toBe(action);
  });

  it('expects nothing of an ended order', () => {
    expect(nextStep(order({ status: 'closed' }))).toBeNull();
    expect(nextStep(order({ status: 'cancelled' }))).toBeNull();
  });

  it("is not the office's primary when it is the customer's or the contractor's step", () => {
    const allowed = ['submit_customer_form', 'validate', 'dispatch_kit'] as const;
    expect(primaryAction(order({}), ['back_office'], allowed)).toBeNull();
    expect(
      primaryAction(
        order({ status: 'validated', assignmentState: 'offered' }),
        ['back_office'],
        ['accept'],
      ),
    ).toBeNull();
    expect(
      primaryAction(
        order({ status: 'validated', assignmentState: 'offered' }),
        ['contractor'],
        ['accept', 'decline'],
      ),
    ).toBe('accept');
  });

  it('is primary only when the server allows it now', () => {
    expect(primaryAction(order({ status: 'customer_submitted' }), ['back_office'], [])).toBeNull();
    expect(
      primaryAction(order({ status: 'customer_submitted' }), ['back_office'], ['validate']),
    ).toBe('validate');
  });
});
