import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contractor } from '@shared/contractors/contractors.contracts';
import { useCreateContractor } from '@web/api/contractors/create-contractor';
import { renderPage, stubApi } from '@tests/support/web-render';
import UsersPage from './users-page';

function contractor(id: string, name: string): Contractor {
  return {
    id,
    name,
    companyNumber: null,
    vatNumber: null,
    contactEmail: `jobs@${name.toLowerCase().replace(/\W+/g, '')}.example.com`,
    contactPhone: null,
    address: null,
    coverageAreas: ['TR'],
    rates: [],
    active: true,
    engineerCount: 0,
    openOrderCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
}

/** Stands in for the contractors screen's create form: the same mutation, in the same app. */
function CreateContractorButton() {
  const create = useCreateContractor();
  return (
    <button
      type="button"
      onClick={() =>
        create.mutate({ name: 'Kernow Dish', contactEmail: 'jobs@kernow.example.com' })
      }
    >
      Create the contractor elsewhere
    </button>
  );
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

describe('the users screen and a new contractor (issue 8)', () => {
  it('shows a contractor created elsewhere in the app without a reload', async () => {
    const companies = [contractor('11111111-1111-4111-8111-111111111111', 'Tamar Aerials')];
    const { calls } = stubApi({
      'GET /api/users': () => ({ body: { users: [], total: 0, page: 1, pageSize: 25 } }),
      'GET /api/contractors': () => ({ body: { items: [...companies] } }),
      'POST /api/contractors': () => {
        const created = contractor('22222222-2222-4222-8222-222222222222', 'Kernow Dish');
        companies.push(created);
        return { status: 201, body: { ...created, engineers: [] } };
      },
    });
    renderPage(
      <>
        <UsersPage />
        <CreateContractorButton />
      </>,
      '/users',
    );
    const filter = await screen.findByLabelText('Contractor');
    await waitFor(() =>
      expect(within(filter).getByRole('option', { name: 'Tamar Aerials' })).toBeTruthy(),
    );
    expect(within(filter).queryByRole('option', { name: 'Kernow Dish' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Create the contractor elsewhere' }));

    await waitFor(() =>
      expect(within(filter).getByRole('option', { name: 'Kernow Dish' })).toBeTruthy(),
    );
    // The list was asked for again after the create, not served from a stale cache entry.
    const reads = calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/contractors'));
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });
});
