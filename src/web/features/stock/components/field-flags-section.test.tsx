import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldFlagMessages, type FieldFlag } from '@shared/stock/field-flags.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import { FieldFlagsSection } from './field-flags-section';

afterEach(() => vi.unstubAllGlobals());

const orderId = '44444444-4444-4444-8444-444444444444';
const flag = (over: Partial<FieldFlag>): FieldFlag => ({
  id: crypto.randomUUID(),
  serial: 'DSH-1',
  label: 'Dish',
  problem: fieldFlagMessages.notInVan(
    'DSH-1',
    'Van: Eve Engineer',
    'in stock at Warehouse: Exeter',
  ),
  status: 'open',
  orderId,
  orderNumber: 'ORD-000123',
  visitId: crypto.randomUUID(),
  engineer: 'Eve Engineer',
  flaggedAt: '2026-11-20T10:00:00.000Z',
  resolution: null,
  resolutionNote: null,
  resolvedBy: null,
  resolvedAt: null,
  ...over,
});
const elsewhere = flag({});
const unknown = flag({
  serial: 'RTR-9',
  label: 'Router',
  problem: fieldFlagMessages.unknown('RTR-9', 'Van: Eve Engineer'),
});
const router = {
  id: '22222222-2222-4222-8222-222222222222',
  sku: 'RTR-AX',
  name: 'Wi-Fi router',
  category: 'router',
  trackedBySerial: true,
  unitCostPence: 4_000,
  active: true,
};
const cable = { ...router, id: crypto.randomUUID(), sku: 'CAB-10', trackedBySerial: false };

function stubFlags(resolve: (body: unknown, url: string) => { status?: number; body?: unknown }) {
  let open = [elsewhere, unknown];
  return stubApi({
    'GET /api/stock/field-flags': () => ({ body: { items: open } }),
    'GET /api/stock/products': () => ({ body: { items: [router, cable] } }),
    [`POST /api/stock/field-flags/${elsewhere.id}/resolve`]: ({ body, url }) => {
      const reply = resolve(body, url);
      if (!reply.status) open = open.filter((f) => f.id !== elsewhere.id);
      return reply;
    },
    [`POST /api/stock/field-flags/${unknown.id}/resolve`]: ({ body, url }) => {
      const reply = resolve(body, url);
      if (!reply.status) open = open.filter((f) => f.id !== unknown.id);
      return reply;
    },
  });
}

const section = () => screen.findByRole('region', { name: 'Serials from the field to resolve' });

describe('serials from the field to resolve', () => {
  it('lists the open flags: serial, what it is, the order, the problem and when', async () => {
    const { calls } = stubFlags(() => ({ body: {} }));
    renderPage(<FieldFlagsSection />);
    const region = await section();
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText('DSH-1')).toBeTruthy();
    expect(first.getByText('(Dish)')).toBeTruthy();
    expect(first.getByText(elsewhere.problem)).toBeTruthy();
    expect(first.getByRole('link', { name: 'ORD-000123' }).getAttribute('href')).toBe(
      `/orders/${orderId}`,
    );
    expect(first.getByText('20 Nov 2026, 10:00')).toBeTruthy();
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(elsewhere.flaggedAt);
    expect(calls[0]?.url).toBe('/api/stock/field-flags?status=open');
  });

  it('says when nothing needs attention', async () => {
    stubApi({ 'GET /api/stock/field-flags': () => ({ body: { items: [] } }) });
    renderPage(<FieldFlagsSection />);
    expect(await screen.findByText(fieldFlagMessages.empty)).toBeTruthy();
  });

  it('dismisses a flag with a required note, and the list drops it', async () => {
    const { calls } = stubFlags(() => ({ body: {} }));
    renderPage(<FieldFlagsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve DSH-1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Choose how to resolve it')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Dismiss/ }));
    expect(within(dialog).queryByLabelText(/Product/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(within(dialog).queryByText('Choose how to resolve it')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Engineer used his own spare');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      resolution: 'dismiss',
      note: 'Engineer used his own spare',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve DSH-1' })).toBeNull());
  });

  it('installs an unknown serial as the product chosen (serial products only)', async () => {
    const { calls } = stubFlags(() => ({ body: {} }));
    renderPage(<FieldFlagsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve RTR-9' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Install it/ }));
    const product = within(dialog).getByLabelText(/Product/);
    await waitFor(() =>
      expect(
        within(product)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a product', 'RTR-AX — Wi-Fi router']),
    );
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Came from the supplier direct');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Choose which product it is')).toBeTruthy();

    await userEvent.selectOptions(product, router.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      resolution: 'install',
      note: 'Came from the supplier direct',
      productId: router.id,
    });
  });

  it('installs a serial in stock elsewhere without asking for a product', async () => {
    const { calls } = stubFlags(() => ({ body: {} }));
    renderPage(<FieldFlagsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve DSH-1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Install it/ }));
    expect(within(dialog).queryByLabelText(/Product/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Moved to the van');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      resolution: 'install',
      note: 'Moved to the van',
    });
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const refusal = fieldFlagMessages.cannotInstall('DSH-1', 'installed on order ORD-000001');
    stubFlags(() => ({ status: 409, body: { message: refusal, code: 'SERIAL_NOT_THERE' } }));
    renderPage(<FieldFlagsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve DSH-1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Install it/ }));
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Try it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('asks for the product when the server says the serial is not known', async () => {
    const message = fieldFlagMessages.productNeeded('DSH-1');
    stubFlags(() => ({
      status: 400,
      body: { message, code: 'VALIDATION_FAILED', details: { productId: [message] } },
    }));
    renderPage(<FieldFlagsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve DSH-1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Install it/ }));
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Try it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByLabelText(/Product/)).toBeTruthy();
    expect(within(dialog).getAllByText(message).length).toBeGreaterThan(0);
  });
});
