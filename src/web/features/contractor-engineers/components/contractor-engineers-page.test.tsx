import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/auth/current-user';
import type {
  ContractorEngineer,
  ContractorEngineerList,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import { resetAuthStateForTests } from '@web/lib/auth';
import { renderPage, stubApi } from '@tests/support/web-render';
import ContractorEngineersPage from './contractor-engineers-page';

const companyId = '11111111-1111-4111-8111-111111111111';

function me(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'c1',
    role: 'contractor',
    additionalRoles: [],
    isDualRole: false,
    firstName: 'Connor',
    lastName: 'Tractor',
    profileImageUrl: null,
    email: 'contractor@example.com',
    contractorId: companyId,
    ...overrides,
  };
}

function engineer(overrides: Partial<ContractorEngineer>): ContractorEngineer {
  return {
    id: 'e1',
    email: 'emma@example.com',
    firstName: 'Emma',
    lastName: 'Engineer',
    phone: '+447700900001',
    status: 'active',
    isDualRole: false,
    isSelf: false,
    canDisable: true,
    lastLoginAt: null,
    futureVisits: [],
    ...overrides,
  };
}

const list: ContractorEngineerList = {
  company: { id: companyId, name: 'Tamar Satellite Services Ltd' },
  items: [
    engineer({
      futureVisits: [
        {
          visitId: 'v1',
          orderId: 'o1',
          orderNumber: 'UPL-2026-000012',
          scheduledDate: '2026-11-25',
          slot: 'am',
          status: 'scheduled',
        },
      ],
    }),
    engineer({
      id: 'e2',
      email: 'dual@example.com',
      firstName: 'Dylan',
      lastName: 'Dual',
      isDualRole: true,
      canDisable: false,
    }),
  ],
};

beforeEach(() => {
  resetAuthStateForTests();
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

describe('/contractor-management', () => {
  it('lists the engineers with their visits to come, the dual-role owner without Disable', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: me() }),
      'GET /api/contractor-engineers': () => ({ body: list }),
    });
    renderPage(<ContractorEngineersPage />, '/contractor-management');
    const emma = (await screen.findByText('emma@example.com')).closest('tr')!;
    expect(within(emma).getByText('07700 900001')).toBeTruthy();
    expect(within(emma).getByText('1 visit to come')).toBeTruthy();
    expect(emma.textContent).toContain('UPL-2026-000012 Wed 25 Nov 2026 (AM)');
    const dylan = screen.getByText('dual@example.com').closest('tr')!;
    expect(within(dylan).getByText('Contractor and engineer')).toBeTruthy();
    expect(within(dylan).queryByRole('button', { name: /Disable/ })).toBeNull();
  });

  it('shows the visits the server names when it refuses to disable', async () => {
    const { calls } = stubApi({
      'GET /api/auth/user': () => ({ body: me() }),
      'GET /api/contractor-engineers': () => ({ body: list }),
      'POST /api/contractor-engineers/e1/disable': () => ({
        status: 409,
        body: {
          message:
            'Move their visits to another engineer first: UPL-2026-000012 on Wed 25 Nov 2026 (AM)',
          code: 'ENGINEER_HAS_FUTURE_VISITS',
          details: { visits: ['UPL-2026-000012 on Wed 25 Nov 2026 (AM)'] },
        },
      }),
    });
    renderPage(<ContractorEngineersPage />, '/contractor-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Emma Engineer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Disable engineer' }));
    const visits = await screen.findByRole('list', { name: 'Visits to move first' });
    expect(
      within(visits)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['UPL-2026-000012 on Wed 25 Nov 2026 (AM)']);
    expect(screen.getByRole('heading', { name: 'Move Emma Engineer’s visits first' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/contractor-engineers/e1/disable',
    ]);
  });

  it('points back office to the contractor pages instead of calling the contractor API', async () => {
    const { calls } = stubApi({
      'GET /api/auth/user': () => ({ body: me({ role: 'back_office', contractorId: null }) }),
    });
    renderPage(<ContractorEngineersPage />, '/contractor-management');
    expect(await screen.findByRole('heading', { name: 'For contractor companies' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/contractor-engineers'))).toBe(false);
  });

  it('says when the contractor account is linked to no company', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: me({ contractorId: null }) }),
      'GET /api/contractor-engineers': () => ({
        status: 409,
        body: {
          message: 'Your account is not linked to a contractor company.',
          code: 'NO_CONTRACTOR_COMPANY',
        },
      }),
    });
    renderPage(<ContractorEngineersPage />, '/contractor-management');
    expect(await screen.findByRole('heading', { name: 'No company linked' })).toBeTruthy();
  });
});
