import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import { TransferForm } from './transfer-form';
import { StockTakePanel } from './stock-take-panel';

afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`;
const location = (n: number, label: string) => ({
  id: id(n),
  kind: label.startsWith('Van') ? 'van' : 'warehouse',
  name: label,
  label,
  contractorId: null,
  engineerId: null,
  active: true,
});
const product = (n: number, sku: string, trackedBySerial = false) => ({
  id: id(n),
  sku,
  name: sku,
  category: 'dish',
  trackedBySerial,
  active: true,
});
const catalogue = {
  'GET /api/stock/locations': () => ({
    body: { items: [location(1, 'Warehouse: Exeter'), location(2, 'Van: Sam Penrose')] },
  }),
  'GET /api/stock/products': () => ({
    body: { items: [product(10, 'DISH-60', true), product(11, 'MNT-WALL')] },
  }),
};

describe('transfer form', () => {
  it('sends several lines at once and shows the server’s refusal as it comes', async () => {
    const { calls } = stubApi({
      ...catalogue,
      'POST /api/stock/transfers': () => ({
        status: 409,
        body: { message: 'Only 3 of SKU DISH-60 at Warehouse: Exeter', code: 'NOT_ENOUGH_STOCK' },
      }),
    });
    renderPage(<TransferForm />);
    await screen.findAllByRole('option', { name: 'Van: Sam Penrose' });
    await userEvent.selectOptions(screen.getByLabelText('From'), id(1));
    await userEvent.selectOptions(screen.getByLabelText('To'), id(2));
    await userEvent.selectOptions(await screen.findByLabelText('Product, line 1'), id(10));
    await userEvent.type(screen.getByLabelText('Serials, line 1'), 'S-1\nS-2, S-3');
    await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    await userEvent.selectOptions(screen.getByLabelText('Product, line 2'), id(11));
    await userEvent.type(screen.getByLabelText('Quantity, line 2'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Only 3 of SKU DISH-60 at Warehouse: Exeter',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      fromLocationId: id(1),
      toLocationId: id(2),
      lines: [
        { productId: id(10), serials: ['S-1', 'S-2', 'S-3'] },
        { productId: id(11), quantity: 4 },
      ],
    });
  });

  it('refuses the same location twice and a missing quantity before asking the server', async () => {
    const { calls } = stubApi(catalogue);
    renderPage(<TransferForm />);
    await screen.findAllByRole('option', { name: 'Warehouse: Exeter' });
    await userEvent.selectOptions(screen.getByLabelText('From'), id(1));
    await userEvent.selectOptions(screen.getByLabelText('To'), id(1));
    await userEvent.selectOptions(screen.getByLabelText('Product, line 1'), id(11));
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Enter a whole number of at least 1')).toBeTruthy();
    expect(screen.getByText('Choose two different locations')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('stock take', () => {
  it('shows the differences and applies every adjustment in one step with a reason', async () => {
    const { calls } = stubApi({
      ...catalogue,
      'GET /api/stock/stock-takes/sheet': () => ({
        body: {
          items: [
            { productId: id(10), sku: 'DISH-60', name: 'Dish', trackedBySerial: true, expected: 5 },
            {
              productId: id(11),
              sku: 'MNT-WALL',
              name: 'Mount',
              trackedBySerial: false,
              expected: 7,
            },
          ],
        },
      }),
      'POST /api/stock/stock-takes': () => ({
        status: 201,
        body: { batchId: id(99), movements: [{ id: id(98) }] },
      }),
    });
    renderPage(<StockTakePanel />);
    await screen.findAllByRole('option', { name: 'Warehouse: Exeter' });
    await userEvent.selectOptions(screen.getByLabelText('Location to count'), id(1));
    const sheet = await screen.findByRole('table', { name: 'Stock-take sheet' });
    expect(within(sheet).getByText('By serial')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Counted, MNT-WALL'), '9');
    expect(screen.getByText('1 difference: MNT-WALL +2.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apply adjustments' }));
    expect(await screen.findByText('Give a reason for the adjustments')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Reason/), 'Quarterly count');
    await userEvent.click(screen.getByRole('button', { name: 'Apply adjustments' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Applied 1 adjustment.',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      locationId: id(1),
      reason: 'Quarterly count',
      counts: [{ productId: id(11), counted: 9 }],
    });
  });
});
