import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractorReportQuery } from '@shared/contractor-portal/contractor-portal.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import ContractorReportsPage from './contractor-reports-page';

afterEach(() => vi.unstubAllGlobals());

describe('report months', () => {
  it('refuses a first month after the last with contractorReportQuery’s message, then asks for the months', async () => {
    const { calls } = stubApi({
      'GET /api/contractor-portal/reports': () => ({ status: 503, body: { message: 'Later' } }),
    });
    renderPage(<ContractorReportsPage />);
    await screen.findByText('The report could not be loaded');
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2024-05' } });
    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2024-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const message = contractorReportQuery.safeParse({ from: '2024-05', to: '2024-01' }).error!
      .issues[0]!.message;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('To month'), { target: { value: '2024-07' } });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toHaveLength(2));
    expect(calls[1]!.url).toContain('from=2024-05');
    expect(calls[1]!.url).toContain('to=2024-07');
  });
});
