import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import InventoryPage from './inventory-page';

// The checkbox (Radix) measures itself.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const dish = {
  id: '11111111-1111-4111-8111-111111111111',
  sku: 'DISH-60',
  name: 'Flat panel dish 60cm',
  category: 'dish',
  trackedBySerial: true,
  unitCostPence: 12_345,
  active: true,
};
const cable = {
  id: '22222222-2222-4222-8222-222222222222',
  sku: 'CAB-10',
  name: 'Coax cable 10m',
  category: 'cable',
  trackedBySerial: false,
  unitCostPence: 450,
  active: true,
};
const warehouse = {
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'warehouse',
  name: 'Exeter',
  label: 'Warehouse: Exeter',
  contractorId: null,
  engineerId: null,
  active: true,
};
const movement = (over: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  batchId: crypto.randomUUID(),
  kind: 'receive',
  productId: dish.id,
  sku: dish.sku,
  quantity: 1,
  from: null,
  to: null,
  fromLocationId: null,
  toLocationId: null,
  serial: null,
  orderId: null,
  visitId: null,
  supplier: null,
  deliveryNote: null,
  reason: null,
  by: 'Bea Office',
  at: '2026-11-20T10:00:00.000Z',
  orderNumber: null,
  swap: false,
  ...over,
});

const base = {
  'GET /api/stock/products': () => ({ body: { items: [dish, cable] } }),
  'GET /api/stock/locations': () => ({ body: { items: [warehouse] } }),
  'GET /api/job-types': () => ({ body: { items: [] } }),
};

describe('inventory page', () => {
  it('lists the catalogue under the issue’s labels, with unit costs in pounds', async () => {
    stubApi(base);
    renderPage(<InventoryPage />);
    const table = await screen.findByRole('table', { name: 'Catalogue' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings.slice(0, 5)).toEqual([
      'SKU',
      'Name',
      'Category',
      'Tracked by serial',
      'Unit cost',
    ]);
    const row = within(table).getByText('DISH-60').closest('tr')!;
    expect(within(row).getByText('£123.45')).toBeTruthy();
    expect(within(row).getByText('Dish')).toBeTruthy();
    expect(within(row).getByText('Yes')).toBeTruthy();
  });

  it('adds a product, and puts a taken SKU’s refusal on the SKU field', async () => {
    let taken = true;
    const { calls } = stubApi({
      ...base,
      'POST /api/stock/products': ({ body }) =>
        taken
          ? {
              status: 409,
              body: {
                message: 'Another product already uses that SKU',
                code: 'CODE_TAKEN',
                details: { sku: ['Another product already uses that SKU'] },
              },
            }
          : { status: 201, body: { ...cable, ...(body as object), id: crypto.randomUUID() } },
    });
    renderPage(<InventoryPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await within(dialog).findAllByText('Required')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/SKU/), 'dish-60');
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Another dish');
    await userEvent.type(within(dialog).getByLabelText(/Unit cost/), '99.5');
    await userEvent.click(within(dialog).getByLabelText('Tracked by serial'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await within(dialog).findByText('Another product already uses that SKU')).toBeTruthy();
    expect(within(dialog).getByLabelText(/SKU/).getAttribute('aria-invalid')).toBe('true');

    taken = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        sku: 'DISH-60',
        name: 'Another dish',
        category: 'dish',
        trackedBySerial: true,
        unitCostPence: 9950,
        active: true,
      },
      {
        sku: 'DISH-60',
        name: 'Another dish',
        category: 'dish',
        trackedBySerial: true,
        unitCostPence: 9950,
        active: true,
      },
    ]);
  });

  it('receives serials, showing the server’s refusal of repeats by name on the list', async () => {
    let refuse = true;
    const { calls } = stubApi({
      ...base,
      'POST /api/stock/receive': () =>
        refuse
          ? {
              status: 409,
              body: {
                code: 'SERIALS_REFUSED',
                message: 'Listed more than once: SN-1. Each serial once, please',
              },
            }
          : {
              status: 201,
              body: {
                batchId: crypto.randomUUID(),
                movements: [
                  movement({ serial: 'SN-1', to: warehouse.label }),
                  movement({ serial: 'SN-2', to: warehouse.label }),
                ],
              },
            },
    });
    renderPage(<InventoryPage />);
    const scope = within(await screen.findByRole('form', { name: 'Receive stock' }));
    await waitFor(() => expect(scope.getAllByRole('option', { name: /DISH-60/ })).toBeTruthy());
    await userEvent.selectOptions(scope.getByLabelText(/^Product/), dish.id);
    await userEvent.selectOptions(scope.getByLabelText(/^Location/), warehouse.id);
    await userEvent.type(scope.getByLabelText(/^Supplier/), 'Satcom Supplies Ltd');
    await userEvent.type(scope.getByLabelText(/^Delivery note/), 'DN-1001');
    await userEvent.click(scope.getByRole('button', { name: 'Receive' }));
    expect(await scope.findByText('List the serials, one a line')).toBeTruthy();

    await userEvent.type(scope.getByLabelText(/^Serials/), 'SN-1{enter}SN-2{enter}SN-1');
    await userEvent.click(scope.getByRole('button', { name: 'Receive' }));
    expect(
      await scope.findByText('Listed more than once: SN-1. Each serial once, please'),
    ).toBeTruthy();

    refuse = false;
    await userEvent.clear(scope.getByLabelText(/^Serials/));
    await userEvent.type(scope.getByLabelText(/^Serials/), 'SN-1{enter}SN-2');
    await userEvent.click(scope.getByRole('button', { name: 'Receive' }));
    expect(
      await scope.findByText('Received 2 serials of SKU DISH-60 at Warehouse: Exeter.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      locationId: warehouse.id,
      supplier: 'Satcom Supplies Ltd',
      deliveryNote: 'DN-1001',
      lines: [{ productId: dish.id, serials: 'SN-1\nSN-2' }],
    });
  });

  it('receives a counted quantity', async () => {
    const { calls } = stubApi({
      ...base,
      'POST /api/stock/receive': () => ({
        status: 201,
        body: {
          batchId: crypto.randomUUID(),
          movements: [movement({ productId: cable.id, sku: cable.sku, quantity: 12 })],
        },
      }),
    });
    renderPage(<InventoryPage />);
    const scope = within(await screen.findByRole('form', { name: 'Receive stock' }));
    await waitFor(() => expect(scope.getAllByRole('option', { name: /CAB-10/ })).toBeTruthy());
    await userEvent.selectOptions(scope.getByLabelText(/^Product/), cable.id);
    await userEvent.selectOptions(scope.getByLabelText(/^Location/), warehouse.id);
    await userEvent.type(scope.getByLabelText(/^Supplier/), 'Cables Direct');
    await userEvent.type(scope.getByLabelText(/^Delivery note/), 'DN-7');
    await userEvent.type(scope.getByLabelText(/^Quantity/), '12');
    await userEvent.click(scope.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Received 12 of SKU CAB-10 at Warehouse: Exeter.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      locationId: warehouse.id,
      supplier: 'Cables Direct',
      deliveryNote: 'DN-7',
      lines: [{ productId: cable.id, quantity: 12 }],
    });
  });

  it('opens a serial’s whole history in order, with who and when, status and location', async () => {
    stubApi({
      ...base,
      'GET /api/stock/serials/SN-9/history': () => ({
        body: {
          serial: {
            id: crypto.randomUUID(),
            serial: 'SN-9',
            productId: dish.id,
            sku: dish.sku,
            status: 'faulty',
            locationId: crypto.randomUUID(),
            location: 'Van: Sam Penrose',
            orderId: crypto.randomUUID(),
            orderNumber: 'U-1001',
          },
          history: [
            movement({
              kind: 'receive',
              to: warehouse.label,
              supplier: 'Satcom',
              deliveryNote: 'DN-1',
            }),
            movement({ kind: 'transfer', from: warehouse.label, to: 'Van: Sam Penrose' }),
            movement({
              kind: 'allocate',
              from: 'Van: Sam Penrose',
              to: 'Van: Sam Penrose',
              orderNumber: 'U-1001',
            }),
            movement({
              kind: 'install',
              from: 'Van: Sam Penrose',
              orderNumber: 'U-1001',
              by: 'Sam Penrose',
            }),
            movement({
              kind: 'mark_faulty',
              to: 'Van: Sam Penrose',
              orderNumber: 'U-1001',
              swap: true,
              reason: 'No signal',
            }),
          ],
        },
      }),
    });
    renderPage(<InventoryPage />);
    await userEvent.type(screen.getByLabelText('Serial'), 'SN-404');
    await userEvent.click(screen.getByRole('button', { name: 'Show history' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not found');

    await userEvent.clear(screen.getByLabelText('Serial'));
    await userEvent.type(screen.getByLabelText('Serial'), 'SN-9{enter}');
    const history = await screen.findByRole('region', { name: 'History of serial SN-9' });
    expect(within(history).getByText('Faulty')).toBeTruthy();
    expect(within(history).getByText('Van: Sam Penrose')).toBeTruthy();
    const steps = within(history)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')!.textContent);
    expect(steps).toEqual([
      'Received at Warehouse: Exeter',
      'Moved from Warehouse: Exeter to Van: Sam Penrose',
      'Allocated to order U-1001 at Van: Sam Penrose',
      'Installed at order U-1001',
      'Swapped out at order U-1001: marked faulty, back to Van: Sam Penrose',
    ]);
    expect(within(history).getByText(/by Sam Penrose/)).toBeTruthy();
  });

  it('edits the kit a job type needs and refuses a line without a product', async () => {
    const jobType = { id: '44444444-4444-4444-8444-444444444444', name: 'Standard install' };
    const { calls } = stubApi({
      ...base,
      'GET /api/job-types': () => ({ body: { items: [{ ...jobType, active: true }] } }),
      [`GET /api/stock/job-types/${jobType.id}/kit`]: () => ({
        body: { items: [{ productId: dish.id, quantity: 1, sku: dish.sku, name: dish.name }] },
      }),
      [`PUT /api/stock/job-types/${jobType.id}/kit`]: ({ body }) => ({
        body: {
          items: (body as { items: { productId: string; quantity: number }[] }).items.map(
            (item) => ({ ...item, sku: item.productId === dish.id ? dish.sku : cable.sku }),
          ),
        },
      }),
    });
    renderPage(<InventoryPage />);
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: 'Standard install' })).toBeTruthy(),
    );
    await userEvent.selectOptions(screen.getByLabelText('Job type'), jobType.id);
    expect(await screen.findByLabelText('Product 1')).toHaveProperty('value', dish.id);
    await userEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save kit' }));
    expect(await screen.findByText('Choose a product')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Product 2'), cable.id);
    await userEvent.clear(screen.getByLabelText('Quantity 2'));
    await userEvent.type(screen.getByLabelText('Quantity 2'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save kit' }));
    expect(await screen.findByText('Kit saved: 1 × DISH-60, 2 × CAB-10.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        items: [
          { productId: dish.id, quantity: 1 },
          { productId: cable.id, quantity: 2 },
        ],
      },
    ]);
  });

  it('sets a product’s low-stock level per location', async () => {
    const { calls } = stubApi({
      ...base,
      'GET /api/stock/low-levels': () => ({
        body: { items: [{ locationId: warehouse.id, level: 5 }] },
      }),
      'PUT /api/stock/low-levels': () => ({ body: {} }),
    });
    renderPage(<InventoryPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Low-stock levels of CAB-10' }),
    );
    const dialog = await screen.findByRole('dialog');
    const level = await within(dialog).findByLabelText('Warehouse: Exeter');
    expect(level).toHaveProperty('value', '5');
    await userEvent.clear(level);
    await userEvent.type(level, 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    expect(await within(dialog).findByText('Enter a whole number, 0 or more')).toBeTruthy();
    await userEvent.clear(level);
    await userEvent.type(level, '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { productId: cable.id, locationId: warehouse.id, level: 8 },
    ]);
  });
});
