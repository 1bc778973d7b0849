import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import { buildOrderDetail, buildVisit } from '../testing/order-detail';
import { lifecycleActionLabels } from '@shared/orders/order-lifecycle';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { bookedDayWords, offDayReasonMessage } from '@shared/visits/off-day-check-in';
import { OrderActionDialog } from './order-action-dialog';
import { londonDateOf } from '@shared/london-date';

const order = buildOrderDetail({ status: 'assigned' });
const orderPath = `/api/orders/${order.id}`;

afterEach(() => vi.unstubAllGlobals());

describe('transition dialogs', () => {
  it('hold asks for a reason before calling the server, then sends it with the version', async () => {
    const { calls } = stubApi({
      [`POST ${orderPath}/hold`]: () => ({
        body: buildOrderDetail({ status: 'on_hold', holdFromStatus: 'assigned' }),
      }),
    });
    const onOpenChange = vi.fn();
    renderPage(
      <OrderActionDialog
        order={order}
        allowed={{ action: 'hold', label: 'Put on hold', needs: ['reason'] }}
        open
        onOpenChange={onOpenChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Put on hold' }));
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Reason'), 'Waiting for the landlord');
    await userEvent.click(screen.getByRole('button', { name: 'Put on hold' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(`${orderPath}/hold`);
    expect(post?.body).toEqual({ reason: 'Waiting for the landlord', expectedVersion: 7 });
  });

  it("shows the server's refusal as a destructive toast and stays open", async () => {
    stubApi({
      [`POST ${orderPath}/cancel`]: () => ({
        status: 409,
        body: {
          code: 'STALE_ORDER',
          message: 'The order was changed by someone else; reload it and try again.',
        },
      }),
    });
    const onOpenChange = vi.fn();
    renderPage(
      <OrderActionDialog
        order={order}
        allowed={{ action: 'cancel', label: 'Cancel order', needs: ['reason'] }}
        open
        onOpenChange={onOpenChange}
      />,
    );
    await userEvent.type(screen.getByLabelText('Reason'), 'Customer moved');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(
      await screen.findByText('The order was changed by someone else; reload it and try again.'),
    ).toBeTruthy();
    expect(screen.getByText('Cancel order failed')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('complete sends only notes, and shows what the visit record still lacks (issue 18)', async () => {
    const inProgress = buildOrderDetail({ status: 'in_progress' });
    const { calls } = stubApi({
      [`POST /api/orders/${inProgress.id}/complete`]: () => ({
        status: 409,
        body: {
          code: 'COMPLETION_INCOMPLETE',
          message:
            'The visit cannot be completed yet. Missing: photo: Cable entry, customer signature.',
          details: { missing: ['photo:cable_entry', 'signature'] },
        },
      }),
    });
    const onOpenChange = vi.fn();
    renderPage(
      <OrderActionDialog
        order={inProgress}
        allowed={{ action: 'complete', label: 'Complete', needs: [] }}
        open
        onOpenChange={onOpenChange}
      />,
    );
    expect(screen.getByText(/Completion uses the visit’s record/)).toBeTruthy();
    expect(screen.queryByLabelText('Dish serial')).toBeNull();
    expect(screen.queryByLabelText('Customer sign-off name')).toBeNull();
    await userEvent.type(screen.getByLabelText('Notes'), 'All working');
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(
      await screen.findByText(
        'The visit cannot be completed yet. Missing: photo: Cable entry, customer signature.',
      ),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ notes: 'All working', expectedVersion: inProgress.version });
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("puts the server's field details on the fields", async () => {
    stubApi({
      [`POST ${orderPath}/kit/dispatch`]: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'trackingNumber: Too long',
          details: { trackingNumber: ['Too long'] },
        },
      }),
    });
    renderPage(
      <OrderActionDialog
        order={buildOrderDetail()}
        allowed={{ action: 'dispatch_kit', label: 'Dispatch kit', needs: ['courier_and_tracking'] }}
        open
        onOpenChange={() => {}}
      />,
    );
    await userEvent.type(screen.getByLabelText('Courier'), 'DPD');
    await userEvent.type(screen.getByLabelText('Tracking number'), 'X1');
    await userEvent.click(screen.getByRole('button', { name: 'Dispatch kit' }));
    const error = await screen.findByText('Too long');
    expect(screen.getByLabelText('Tracking number').getAttribute('aria-invalid')).toBe('true');
    expect(error.getAttribute('role')).toBe('alert');
  });

  it('scheduling before the kit arrived needs the override reason', async () => {
    const contractor = {
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Kernow Dish Installers',
      contactEmail: 'jobs@kernow.example.com',
      contactPhone: null,
    };
    const engineerId = '66666666-6666-4666-8666-666666666666';
    const { calls } = stubApi({
      [`GET /api/contractors/${contractor.id}/engineers`]: () => ({
        body: {
          items: [
            {
              id: engineerId,
              firstName: 'Demelza',
              lastName: 'Rowe',
              email: 'd@example.com',
              phone: null,
              active: true,
            },
          ],
        },
      }),
      [`POST ${orderPath}/schedule`]: () => ({ body: buildOrderDetail({ status: 'scheduled' }) }),
    });
    renderPage(
      <OrderActionDialog
        order={buildOrderDetail({
          status: 'assigned',
          kitStatus: 'dispatched',
          contractor,
          assignmentState: 'accepted',
        })}
        allowed={{
          action: 'schedule',
          label: 'Schedule visit',
          needs: ['engineer_of_contractor', 'kit_ready_or_override'],
        }}
        open
        onOpenChange={() => {}}
      />,
    );
    await screen.findByRole('option', { name: 'Demelza Rowe' });
    await userEvent.selectOptions(screen.getByLabelText('Engineer'), 'Demelza Rowe');
    await userEvent.type(screen.getByLabelText('Date'), '2026-12-01');
    await userEvent.selectOptions(screen.getByLabelText('Slot'), 'PM');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule visit' }));
    expect(await screen.findByText('A reason is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Override reason'), 'Courier confirmed delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule visit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      engineerId,
      date: '2026-12-01',
      slot: 'pm',
      kitOverrideReason: 'Courier confirmed delivery',
      expectedVersion: 7,
    });
  });
});

describe('checking in on another day than the booked one (issue 24)', () => {
  const dayMs = 24 * 3600 * 1000;
  const scheduledOn = (date: string) =>
    buildOrderDetail({
      status: 'scheduled',
      visits: [buildVisit({ orderId: order.id, scheduledDate: date })],
    });
  const open = (detail: OrderDetail) =>
    renderPage(
      <OrderActionDialog
        order={detail}
        allowed={{ action: 'check_in', label: 'Check in', needs: [] }}
        open
        onOpenChange={vi.fn()}
      />,
    );

  it('asks why before sending, and sends the reason', async () => {
    const booked = londonDateOf(new Date(Date.now() + 4 * dayMs));
    const detail = scheduledOn(booked);
    const { calls } = stubApi({
      [`POST /api/orders/${detail.id}/check-in`]: () => ({ body: detail }),
    });
    open(detail);
    expect(screen.getByText(`This visit is booked for ${bookedDayWords(booked)}.`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(offDayReasonMessage(booked))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(
      screen.getByLabelText(/Why are you checking in on another day/),
      'Customer asked',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        offDayReason: 'Customer asked',
      }),
    );
  });

  it('asks nothing on the booked day', () => {
    open(scheduledOn(londonDateOf(new Date())));
    expect(screen.queryByLabelText(/Why are you checking in on another day/)).toBeNull();
  });
});

describe("the dialog's buttons say what they do (issue 24)", () => {
  it('closing a completed order approves it for invoicing; the other buttons leave it as it is', () => {
    const completed = buildOrderDetail({ status: 'completed' });
    renderPage(
      <OrderActionDialog
        order={completed}
        allowed={{ action: 'close', label: lifecycleActionLabels.close.label, needs: [] }}
        open
        onOpenChange={() => {}}
      />,
    );
    const names = screen.getAllByRole('button').map((button) => button.textContent?.trim());
    expect(names).toContain('Approve for invoicing');
    expect(names).toContain('Cancel');
    // The dialog's own X is the only "Close": no action shares its name.
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
  });

  it('the cancel-order dialog is dismissed with "Keep the order", not a second "Cancel"', () => {
    renderPage(
      <OrderActionDialog
        order={order}
        allowed={{ action: 'cancel', label: 'Cancel order', needs: ['reason'] }}
        open
        onOpenChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Keep the order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});

describe('offering an order to a contractor', () => {
  const contractor = (id: string, name: string, payoutPence?: number) => ({
    id,
    name,
    companyNumber: null,
    vatNumber: null,
    contactEmail: 'ops@example.com',
    contactPhone: null,
    address: null,
    coverageAreas: ['EX'],
    active: true,
    rates:
      payoutPence === undefined
        ? []
        : [{ jobTypeId: order.jobType.id, jobTypeName: order.jobType.name, payoutPence }],
    engineerCount: 1,
    openOrderCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });

  it('says what the payout will become, and why, before the offer is sent', async () => {
    const validated = buildOrderDetail({
      status: 'validated',
      contractor: null,
      payoutPence: 12000,
    });
    const items = [
      contractor('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Tamar Satellite Services', 11880),
      contractor('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Moor Dish Co'),
    ];
    const { calls } = stubApi({
      'GET /api/contractors': () => ({
        body: { items, total: items.length, page: 1, pageSize: 50 },
      }),
    });
    renderPage(
      <OrderActionDialog
        order={validated}
        allowed={{ action: 'assign', label: 'Assign contractor', needs: [] }}
        open
        onOpenChange={vi.fn()}
      />,
    );
    const select = await screen.findByLabelText('Contractor');
    await screen.findAllByRole('option', { name: /Tamar Satellite Services/ });
    await userEvent.selectOptions(select, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
    expect((await screen.findByTestId('offer-payout')).textContent).toBe(
      "The payout will change from £120.00 to £118.80: Tamar Satellite Services's rate card pays £118.80 for Standard installation.",
    );
    await userEvent.selectOptions(select, 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
    expect(screen.getByTestId('offer-payout').textContent).toBe(
      'Moor Dish Co has no rate for Standard installation on their rate card, so the payout stays £120.00.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers the contractors only once the covering list is in, so a choice is never lost', async () => {
    const validated = buildOrderDetail({ status: 'validated', contractor: null });
    const items = [
      contractor('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'Tamar Satellite Services'),
      contractor('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'Moor Dish Co'),
    ];
    let answerCovering: () => void = () => {};
    const coveringAnswered = new Promise<void>((resolve) => (answerCovering = resolve));
    stubApi({
      'GET /api/contractors': async ({ url }) => {
        if (!url.includes('covers=')) return { body: { items, total: 2, page: 1, pageSize: 50 } };
        await coveringAnswered;
        return { body: { items: [items[1]], total: 1, page: 1, pageSize: 50 } };
      },
    });
    renderPage(
      <OrderActionDialog
        order={validated}
        allowed={{ action: 'assign', label: 'Assign contractor', needs: [] }}
        open
        onOpenChange={vi.fn()}
      />,
    );
    const select = (await screen.findByLabelText('Contractor')) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(screen.getByRole('option', { name: 'Loading contractors…' })).toBeTruthy();
    answerCovering();
    await waitFor(() => expect(select.disabled).toBe(false));
    await userEvent.selectOptions(select, 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
    expect(select.value).toBe('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
    expect(
      screen.getByRole('group', { name: `Covering ${validated.customer.address.postcode}` }),
    ).toBeTruthy();
  });
});
