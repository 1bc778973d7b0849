import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import { buildOrderDetail, buildVisit } from '../testing/order-detail';
import OrderDetailPage from './order-detail-page';

afterEach(() => vi.unstubAllGlobals());

describe('/orders/:id', () => {
  it('offers exactly the moves the server allows, each opening its dialog', async () => {
    const order = buildOrderDetail({
      status: 'customer_submitted',
      allowedActions: [
        { action: 'validate', label: 'Validate', needs: [] },
        { action: 'dispatch_kit', label: 'Dispatch kit', needs: ['courier_and_tracking'] },
        { action: 'hold', label: 'Put on hold', needs: ['reason'] },
        { action: 'cancel', label: 'Cancel order', needs: ['reason'] },
      ],
    });
    stubApi({ [`GET /api/orders/${order.id}`]: () => ({ body: order }) });
    renderPage(<OrderDetailPage params={{ id: order.id }} />);
    const steps = await screen.findByRole('region', { name: 'Next steps' });
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Validate', 'Dispatch kit', 'Put on hold', 'Cancel order']);
    expect(screen.getByText('Ada Trelawny')).toBeTruthy();
    expect(screen.getByText('£199.00')).toBeTruthy();

    await userEvent.click(within(steps).getByRole('button', { name: 'Dispatch kit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Courier')).toBeTruthy();
    expect(within(dialog).getByLabelText('Tracking number')).toBeTruthy();
  });

  it('makes the expected next step the one blue button; the office never skips the customer (issue 24)', async () => {
    const received = buildOrderDetail({
      status: 'received',
      allowedActions: [
        { action: 'submit_customer_form', label: 'Mark customer form submitted', needs: [] },
        { action: 'validate', label: 'Validate', needs: [] },
        { action: 'dispatch_kit', label: 'Dispatch kit', needs: ['courier_and_tracking'] },
        { action: 'hold', label: 'Put on hold', needs: ['reason'] },
      ],
    });
    stubApi({ [`GET /api/orders/${received.id}`]: () => ({ body: received }) });
    renderPage(<OrderDetailPage params={{ id: received.id }} />);
    const steps = await screen.findByRole('region', { name: 'Next steps' });
    const blue = (region: HTMLElement) =>
      within(region)
        .getAllByRole('button')
        .filter((b) => b.className.includes('bg-brand-600'))
        .map((b) => b.textContent);
    expect(blue(steps)).toEqual([]);
    expect(within(steps).getByText('Waiting for the customer to fill in the form.')).toBeTruthy();
  });

  it("the office's own next step is primary and first", async () => {
    const order = buildOrderDetail({
      status: 'customer_submitted',
      allowedActions: [
        { action: 'dispatch_kit', label: 'Dispatch kit', needs: ['courier_and_tracking'] },
        { action: 'validate', label: 'Validate', needs: [] },
      ],
    });
    stubApi({ [`GET /api/orders/${order.id}`]: () => ({ body: order }) });
    renderPage(<OrderDetailPage params={{ id: order.id }} />);
    const steps = await screen.findByRole('region', { name: 'Next steps' });
    const buttons = within(steps).getAllByRole('button');
    expect(buttons[0]?.textContent).toBe('Validate');
    expect(buttons[0]?.className).toContain('bg-brand-600');
    expect(buttons[1]?.className).not.toContain('bg-brand-600');
    expect(within(steps).queryByTestId('waiting-for')).toBeNull();
  });

  it('says when no move is possible', async () => {
    const order = buildOrderDetail({ status: 'cancelled', allowedActions: [] });
    stubApi({ [`GET /api/orders/${order.id}`]: () => ({ body: order }) });
    renderPage(<OrderDetailPage params={{ id: order.id }} />);
    expect(await screen.findByText('No change can be made to this order now.')).toBeTruthy();
  });

  it('shows a missing order as not found', async () => {
    stubApi({});
    renderPage(<OrderDetailPage params={{ id: '99999999-9999-4999-8999-999999999999' }} />);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
  });

  it('warns back office of the serials from the field still open, linking to stock management (issue 20)', async () => {
    const flag = (serial: string, status: 'open' | 'resolved') => ({
      id: crypto.randomUUID(),
      serial,
      label: 'Dish',
      problem: `Serial ${serial} is not in stock anywhere: it was not at Van: Eve Engineer`,
      status,
      orderId: '11111111-1111-4111-8111-111111111111',
      orderNumber: 'ORD-000001',
      visitId: crypto.randomUUID(),
      engineer: 'Eve Engineer',
      flaggedAt: '2026-11-20T10:00:00.000Z',
      resolution: status === 'resolved' ? ('dismiss' as const) : null,
      resolutionNote: status === 'resolved' ? 'Spare' : null,
      resolvedBy: null,
      resolvedAt: null,
    });
    const order = buildOrderDetail({
      fieldFlags: [flag('DSH-1', 'open'), flag('DSH-2', 'resolved')],
    });
    stubApi({ [`GET /api/orders/${order.id}`]: () => ({ body: order }) });
    renderPage(<OrderDetailPage params={{ id: order.id }} />);
    const warning = await screen.findByRole('region', {
      name: 'Serials from the field to resolve',
    });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Serial DSH-1 recorded by the engineer: Serial DSH-1 is not in stock anywhere: it was not at Van: Eve Engineer',
    ]);
    expect(
      within(warning)
        .getByRole('link', { name: 'Resolve them in stock management' })
        .getAttribute('href'),
    ).toBe('/admin/stock-management');
  });

  it('shows no warning when every serial from the field is resolved', async () => {
    const order = buildOrderDetail({ fieldFlags: [] });
    stubApi({ [`GET /api/orders/${order.id}`]: () => ({ body: order }) });
    renderPage(<OrderDetailPage params={{ id: order.id }} />);
    await screen.findByRole('region', { name: 'Next steps' });
    expect(screen.queryByRole('region', { name: 'Serials from the field to resolve' })).toBeNull();
  });

  it('reads the timeline and the visit in words, never codes (issue 24 item 9)', async () => {
    const order = buildOrderDetail({
      status: 'completed',
      visits: [
        buildVisit({
          id: '55555555-5555-4555-8555-555555555555',
          contractorId: '66666666-6666-4666-8666-666666666666',
          engineer: {
            id: '77777777-7777-4777-8777-777777777777',
            firstName: 'Sam',
            lastName: 'Smith',
          },
          status: 'in_progress',
          serials: { router: 'RTR-9', dish: 'DSH-1' },
        }),
      ],
      timeline: [
        {
          id: '88888888-8888-4888-8888-888888888888',
          type: 'submit_customer_form',
          actor: { userId: null, name: 'Ada Trelawny', role: 'customer' },
          fromStatus: 'received',
          toStatus: 'customer_submitted',
          fromKitStatus: null,
          toKitStatus: null,
          reason: null,
          data: {},
          createdAt: '2026-11-20T11:00:00.000Z',
        },
      ],
    });
    stubApi({ [`GET /api/orders/${order.id}`]: () => ({ body: order }) });
    renderPage(<OrderDetailPage params={{ id: order.id }} />);
    const timeline = await screen.findByRole('list', { name: 'Order timeline' });
    expect(timeline.textContent).toContain('Customer form submitted');
    expect(timeline.textContent).toContain('Status changed to Customer submitted');
    expect(timeline.textContent).not.toMatch(/now customer submitted|Mark customer form/);
    expect(screen.getByText('Dish serial DSH-1, Router serial RTR-9')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/dish: |router: |in_progress/);
  });
});
