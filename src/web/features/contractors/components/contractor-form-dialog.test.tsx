import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '@tests/support/web-render';
import { ContractorFormDialog } from './contractor-form-dialog';

const jobTypeId = '44444444-4444-4444-8444-444444444444';

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

describe('contractor form', () => {
  it('checks coverage with the shared rules, then sends areas and rates', async () => {
    const { calls } = stubApi({
      'GET /api/job-types': () => ({
        body: {
          items: [
            {
              id: jobTypeId,
              code: 'STD',
              name: 'Standard installation',
              description: null,
              defaultPricePence: 19900,
              defaultPayoutPence: 12000,
              active: true,
              createdAt: '',
              updatedAt: '',
            },
          ],
        },
      }),
      'POST /api/contractors': ({ body }) => ({
        status: 201,
        body: {
          ...(body as object),
          id: '55555555-5555-4555-8555-555555555555',
          rates: [],
          engineers: [],
          engineerCount: 0,
          openOrderCount: 0,
          createdAt: '',
          updatedAt: '',
        },
      }),
    });
    const onCreated = vi.fn();
    renderPage(
      <ContractorFormDialog contractor={null} open onOpenChange={() => {}} onCreated={onCreated} />,
    );
    await userEvent.type(screen.getByLabelText('Company name'), 'Kernow Dish');
    await userEvent.type(screen.getByLabelText('Contact email'), 'jobs@kernow.example.com');
    await userEvent.type(screen.getByLabelText('Coverage'), 'TR, PL31, 99X');
    await userEvent.type(await screen.findByLabelText('Standard installation'), '110');
    await userEvent.click(screen.getByRole('button', { name: 'Create contractor' }));
    expect(
      await screen.findByText('Use postcode areas or districts such as EX, TR or PL12'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Coverage'));
    await userEvent.type(screen.getByLabelText('Coverage'), 'tr pl31');
    await userEvent.click(screen.getByRole('button', { name: 'Create contractor' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Kernow Dish',
      contactEmail: 'jobs@kernow.example.com',
      coverageAreas: ['TR', 'PL31'],
      rates: [{ jobTypeId, payoutPence: 11000 }],
      address: null,
      active: true,
    });
  });
});
