import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import { buildOrderDetail } from '../testing/order-detail';
import OrderDetailPage from './OrderDetailPage';

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
});
