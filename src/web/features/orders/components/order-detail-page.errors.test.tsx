import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import OrderDetailPage from './order-detail-page';

const id = '33333333-3333-4333-8333-333333333333';

afterEach(() => vi.unstubAllGlobals());

// ARCHITECTURE.md convention 5: the web branches on the server's code, never on text or status.
describe('/orders/:id when the order cannot be read', () => {
  it('says "not found" for the NOT_FOUND code', async () => {
    stubApi({
      [`GET /api/orders/${id}`]: () => ({
        status: 404,
        body: { message: 'No order has that id.', code: 'NOT_FOUND' },
      }),
    });
    renderPage(<OrderDetailPage params={{ id }} />);
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.getByText('No order has that id.')).toBeTruthy();
  });

  it('says it could not be loaded for any other code, whatever the status', async () => {
    stubApi({
      [`GET /api/orders/${id}`]: () => ({
        status: 404,
        body: { message: 'Route GET /api/orders/x not found', code: 'SOMETHING_ELSE' },
      }),
    });
    renderPage(<OrderDetailPage params={{ id }} />);
    expect(await screen.findByText('The order could not be loaded')).toBeTruthy();
  });
});
