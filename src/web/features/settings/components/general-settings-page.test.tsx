import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultAppointmentSlots,
  defaultBankHolidays,
  type GeneralSettings,
} from '@shared/settings/settings.contracts';
import { renderPage, stubApi } from '@tests/support/web-render';
import GeneralSettingsPage from './general-settings-page';

afterEach(() => vi.unstubAllGlobals());

const settings: GeneralSettings = {
  company: {
    name: 'Uplink Installations',
    address: '',
    phone: '0330 123 4567',
    email: 'help@uplink.local',
    hours: 'Monday to Friday, 9am to 5pm',
    logoUrl: null,
  },
  sla: { slaTargetDays: 14 },
  booking: { workingDays: [1, 2, 3, 4, 5], slots: defaultAppointmentSlots },
  bankHolidays: { bankHolidays: defaultBankHolidays },
  twoFactor: { back_office: 'optional', contractor: 'optional', engineer: 'optional' },
  sessions: { idleMinutes: 720, maxHours: 336 },
  mapTiles: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
  retention: { customerDataRetentionDays: 730 },
};

const form = (name: string) => screen.getByRole('form', { name });

describe('General settings page', () => {
  it('saves the SLA target through its own PUT', async () => {
    const { calls } = stubApi({
      'GET /api/settings/general': () => ({ body: settings }),
      'PUT /api/settings/sla': ({ body }) => ({ body }),
    });
    renderPage(<GeneralSettingsPage />);
    const sla = await screen.findByRole('form', { name: 'SLA target' });
    const input = within(sla).getByLabelText('SLA target (days)');
    await userEvent.clear(input);
    await userEvent.type(input, '10');
    await userEvent.click(within(sla).getByRole('button', { name: 'Save SLA target' }));
    await vi.waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PUT' && c.url.endsWith('/api/settings/sla'))?.body,
      ).toEqual({
        slaTargetDays: 10,
      }),
    );
  });

  it('refuses an SLA of 0 on the field, with the shared message, before sending', async () => {
    const { calls } = stubApi({ 'GET /api/settings/general': () => ({ body: settings }) });
    renderPage(<GeneralSettingsPage />);
    const sla = await screen.findByRole('form', { name: 'SLA target' });
    const input = within(sla).getByLabelText('SLA target (days)');
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(within(sla).getByRole('button', { name: 'Save SLA target' }));
    expect(await within(sla).findByText('Enter a whole number of days from 1 to 365')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('places the server’s field message on the company field', async () => {
    stubApi({
      'GET /api/settings/general': () => ({ body: settings }),
      'PUT /api/settings/company': () => ({
        status: 400,
        body: {
          message: 'Check the details',
          code: 'VALIDATION_ERROR',
          details: { name: ['This name is taken by the server'] },
        },
      }),
    });
    renderPage(<GeneralSettingsPage />);
    await screen.findByRole('form', { name: 'Company details' });
    await userEvent.click(
      within(form('Company details')).getByRole('button', { name: 'Save company details' }),
    );
    expect(await screen.findByText('This name is taken by the server')).toBeTruthy();
  });
});
