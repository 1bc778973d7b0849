import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentQueueItem } from '@shared/orders/orders.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import ContractorManagementPage from './contractor-management-page';

const tamar = { id: '55555555-5555-4555-8555-555555555555', name: 'Tamar Satellite' };
const kernow = { id: '66666666-6666-4666-8666-666666666666', name: 'Kernow Dish' };

function queueItem(n: number, postcode: string): AssignmentQueueItem {
  return {
    id: `1111111${n}-1111-4111-8111-111111111111`,
    orderNumber: `UPL-2026-00012${n}`,
    status: 'validated',
    kitStatus: 'arrived',
    partner: { id: '22222222-2222-4222-8222-222222222222', name: 'SBPM' },
    partnerReference: null,
    customer: {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Ada Trelawny',
      postcode,
      town: 'Truro',
    },
    jobType: { id: '44444444-4444-4444-8444-444444444444', name: 'Standard installation' },
    contractor: null,
    assignmentState: 'unassigned',
    requestedDate: null,
    slaState: 'on_track',
    slaDueAt: '2026-12-04T10:00:00.000Z',
    receivedAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    payoutPence: 12000,
    suggestedContractors: [
      { ...kernow, covers: true, openOrderCount: 3 },
      { ...tamar, covers: false, openOrderCount: 9 },
    ],
  };
}

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

describe('assignment queue', () => {
  it('suggests covering contractors first and assigns one or many', async () => {
    const items = [queueItem(1, 'TR1 1AA'), queueItem(2, 'TR2 2BB')];
    const { calls } = stubApi({
      'GET /api/assignment-queue': () => ({
        body: {
          items,
          total: 2,
          totalIsEstimate: false,
          totalIsLowerBound: false,
          page: 1,
          pageSize: 50,
        },
      }),
      'GET /api/contractors': () => ({
        body: {
          items: [tamar, kernow].map((c) => ({
            ...c,
            companyNumber: null,
            vatNumber: null,
            contactEmail: 'x@example.com',
            contactPhone: null,
            address: null,
            coverageAreas: ['TR'],
            active: true,
            rates: [],
            engineerCount: 1,
            openOrderCount: 1,
            createdAt: '',
            updatedAt: '',
          })),
        },
      }),
      'POST /api/assignment-queue/assign': ({ body }) => ({
        body: {
          results: (body as { orderIds: string[] }).orderIds.map((orderId) => ({
            orderId,
            ok: true,
          })),
        },
      }),
    });
    renderPage(<ContractorManagementPage />);
    const rowSelect = (await screen.findByLabelText(
      'Contractor for UPL-2026-000121',
    )) as HTMLSelectElement;
    expect(screen.getByText('2 orders waiting')).toBeTruthy();
    // The covering contractor is preselected, in its own group.
    expect(rowSelect.value).toBe(kernow.id);
    expect(within(rowSelect).getByRole('group', { name: 'Covering TR1 1AA' })).toBeTruthy();

    await userEvent.click(screen.getAllByRole('button', { name: 'Assign' })[0]!);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        orderIds: [items[0]!.id],
        contractorId: kernow.id,
      }),
    );
    expect(await screen.findByText('1 order offered to Kernow Dish')).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.selectOptions(
      screen.getByLabelText('Contractor for the selected orders'),
      tamar.id,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Assign 2 selected' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
        orderIds: items.map((i) => i.id),
        contractorId: tamar.id,
      }),
    );
  });
  it('says how many orders wait in words, "more than" where the count stopped', async () => {
    stubApi({
      'GET /api/assignment-queue': () => ({
        body: {
          items: [queueItem(1, 'TR1 1AA')],
          total: 10_000,
          totalIsEstimate: true,
          totalIsLowerBound: true,
          page: 1,
          pageSize: 50,
        },
      }),
      'GET /api/contractors': () => ({ body: { items: [] } }),
    });
    renderPage(<ContractorManagementPage />);
    expect(await screen.findByText('more than 10,000 orders waiting')).toBeTruthy();
  });
});
