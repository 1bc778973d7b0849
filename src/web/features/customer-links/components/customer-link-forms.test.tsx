import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  customerFormSchema,
  type CustomerFormFields,
  type CompanyContact,
  type CustomerFormRules,
} from '@shared/customer-links/customer-form.contracts';
import { portalProofBody, rescheduleRequestBody } from '@shared/customer-links/portal.contracts';
import { defaultInstallationTerms } from '@shared/customer-links/terms.contracts';
import { customerJourneyErrorCodes } from '@shared/error-codes';
import { renderPage, stubApi } from '@tests/support/web-render';
import CustomerFormPage from './customer-form-page';
import CustomerPortalPage from './customer-portal-page';
import KitArrivedPage from './kit-arrived-page';
import TermsPage from './terms-page';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const company: CompanyContact = {
  name: 'Uplink',
  phone: '0300 000 0000',
  email: 'help@example.com',
  hours: '9-5',
  address: '',
  logoUrl: null,
};
const portalView = {
  orderNumber: 'UP-123',
  stage: 'Booked',
  timeline: [],
  kit: { text: 'On its way', courier: null, trackingNumber: null, trackingUrl: null },
  appointment: null,
  completion: null,
  canRequestReschedule: true,
  company,
};
const refusal = (details: Record<string, string[]>) => ({
  status: 400,
  body: { message: 'Please check the answers marked below.', code: 'VALIDATION', details },
});

describe('portal opened by a signed link', () => {
  it('reads the order only once the link has opened the portal (no race with its cookie)', async () => {
    let opened = false;
    const { calls } = stubApi({
      'POST /api/public/portal/UP-123/link': () => {
        opened = true;
        return { status: 200, body: { ok: true } };
      },
      'GET /api/public/portal/UP-123': () =>
        opened
          ? { status: 200, body: portalView }
          : {
              status: 401,
              body: { message: 'Confirm', code: customerJourneyErrorCodes.portalProofRequired },
            },
    });
    renderPage(
      <CustomerPortalPage params={{ orderNumber: 'UP-123' }} />,
      '/customer/UP-123?e=1795669945&s=abc',
    );
    expect(await screen.findByRole('heading', { name: 'Order UP-123' })).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/public/portal/UP-123/link',
      'GET /api/public/portal/UP-123',
    ]);
  });
});

describe('portal postcode form', () => {
  function renderPortal(proof: () => { status: number; body: unknown }) {
    const { calls } = stubApi({
      'GET /api/public/portal/UP-123': () => ({
        status: 401,
        body: {
          message: 'Confirm the postcode',
          code: customerJourneyErrorCodes.portalProofRequired,
        },
      }),
      'POST /api/public/portal/UP-123/proof': proof,
    });
    renderPage(<CustomerPortalPage params={{ orderNumber: 'UP-123' }} />);
    return calls;
  }

  it('gives portalProofBody’s message for a postcode that is not one, without asking the server', async () => {
    const calls = renderPortal(() => ({ status: 204, body: {} }));
    await userEvent.type(await screen.findByLabelText('Postcode'), 'NOT A CODE');
    await userEvent.click(screen.getByRole('button', { name: 'Show my order' }));
    const message = portalProofBody.safeParse({ postcode: 'NOT A CODE' }).error!.issues[0]!.message;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('puts the server’s refusal on the postcode field', async () => {
    renderPortal(() => ({
      status: 403,
      body: { message: 'No', code: customerJourneyErrorCodes.portalProofFailed },
    }));
    await userEvent.type(await screen.findByLabelText('Postcode'), 'SW1A 1AA');
    await userEvent.click(screen.getByRole('button', { name: 'Show my order' }));
    expect(
      await screen.findByText(
        'That postcode does not match this order number. Please check both and try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Postcode').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('reschedule form', () => {
  it('asks for a date with rescheduleRequestBody’s message, then shows the server’s on the note', async () => {
    const { calls } = stubApi({
      'GET /api/public/portal/UP-123': () => ({ body: portalView }),
      'POST /api/public/portal/UP-123/reschedule-request': () =>
        refusal({ note: ['Note: please write fewer words'] }),
    });
    renderPage(<CustomerPortalPage params={{ orderNumber: 'UP-123' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to reschedule' }));
    const message = rescheduleRequestBody.safeParse({ dates: [], note: '' }).error!.issues[0]!
      .message;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Date that suits you 1'), '07/01/2030');
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Mornings');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to reschedule' }));
    expect(await screen.findByText('Note: please write fewer words')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      dates: ['2030-01-07'],
      note: 'Mornings',
    });
  });
});

describe('reschedule form offline (issue 24)', () => {
  it('says it will send when back online, and sends then', async () => {
    const { calls } = stubApi({
      'GET /api/public/portal/UP-123': () => ({ body: portalView }),
      'POST /api/public/portal/UP-123/reschedule-request': () => ({ body: { ok: true } }),
    });
    renderPage(<CustomerPortalPage params={{ orderNumber: 'UP-123' }} />);
    await userEvent.type(await screen.findByLabelText('Date that suits you 1'), '07/01/2030');
    onlineManager.setOnline(false);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Ask to reschedule' }));
      expect(await screen.findByRole('button', { name: 'Waiting for a connection…' })).toBeTruthy();
      expect(
        screen.getByText("You're offline. We'll send this when you're back online."),
      ).toBeTruthy();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
    expect(await screen.findByText(/Thank you. We have your request/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      dates: ['2030-01-07'],
      note: '',
    });
  });
});

describe('kit-arrived form', () => {
  it('shows the server’s message for the serial on the serial field', async () => {
    const { calls } = stubApi({
      'GET /api/public/kit-arrived/tok': () => ({
        body: {
          state: 'open',
          orderNumber: 'UP-123',
          courier: null,
          trackingNumber: null,
          trackingUrl: null,
          confirmedAt: null,
          company,
        },
      }),
      'POST /api/public/kit-arrived/tok': () => refusal({ serial: ['Serial number: not this'] }),
    });
    renderPage(<KitArrivedPage params={{ token: 'tok' }} />);
    await userEvent.click(await screen.findByText(/Add the serial number/));
    await userEvent.type(screen.getByLabelText('Serial number'), 'UTD-1');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, my kit has arrived' }));
    expect(await screen.findByText('Serial number: not this')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      serial: 'UTD-1',
      photoId: null,
    });
  });
});

describe('customer form', () => {
  const rules: CustomerFormRules = {
    workingDays: [1, 2, 3, 4, 5],
    earliestDate: '2030-01-01',
    latestDate: '2030-02-26',
  };
  const prefill = {
    firstName: 'Ann',
    lastName: 'Example',
    phone: '07123456789',
    email: '',
    addressLine1: '1 High Street',
    addressLine2: '',
    town: 'Truro',
    postcode: 'TR1 1AA',
    landlordPermission: false,
    dishPosition: '',
    accessNotes: '',
    consentTerms: false,
    consentMessages: false,
    photoIds: [],
  } as unknown as CustomerFormFields;

  function renderForm(send: () => { status: number; body: unknown }) {
    const { calls } = stubApi({
      'GET /api/public/customer-form/tok': () => ({
        body: { state: 'open', orderNumber: 'UP-123', prefill, rules, company },
      }),
      'POST /api/public/customer-form/tok': send,
    });
    renderPage(<CustomerFormPage params={{ token: 'tok' }} />);
    return calls;
  }

  it('heads the form with the company logo when one is set', async () => {
    stubApi({
      'GET /api/public/customer-form/tok': () => ({
        body: {
          state: 'open',
          orderNumber: 'UP-123',
          prefill,
          rules,
          company: { ...company, logoUrl: '/api/public/company-logo?v=1' },
        },
      }),
    });
    renderPage(<CustomerFormPage params={{ token: 'tok' }} />);
    expect(await screen.findByRole('heading', { name: 'Your installation details' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Uplink logo' })).toBeTruthy();
  });

  it('marks the answers customerFormSchema refuses, with its messages, and counts them', async () => {
    const calls = renderForm(() => ({ status: 204, body: {} }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send my details' }));
    const parsed = customerFormSchema(rules).safeParse({
      ...prefill,
      propertyType: '',
      tenure: '',
      listedBuilding: '',
      availability: [{ date: '', slot: 'all_day' }],
    });
    const paths = new Set(parsed.error!.issues.map((issue) => issue.path.join('.')));
    const summary = await screen.findByText(/Please check the answers marked below\./);
    expect(summary.textContent).toContain(`(${paths.size} to fix)`);
    for (const issue of parsed.error!.issues) {
      expect(screen.getAllByText(issue.message).length).toBeGreaterThan(0);
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('puts the server’s message for a date on that date', async () => {
    const calls = renderForm(() =>
      refusal({ 'availability.0.date': ['That day is fully booked'] }),
    );
    await userEvent.selectOptions(await screen.findByLabelText('Type of property'), 'detached');
    await userEvent.click(screen.getByLabelText('I own it'));
    await userEvent.click(screen.getByLabelText('No'));
    await userEvent.type(
      screen.getByLabelText('Where would you like the dish?'),
      'On the back wall',
    );
    const date = screen.getByLabelText('Date 1');
    await userEvent.type(date, '07/01/2030');
    await userEvent.click(screen.getByLabelText('I agree to the terms of installation *'));
    await userEvent.click(screen.getByRole('button', { name: 'Send my details' }));
    const field = date.closest('[data-slot="form-field"]') as HTMLElement;
    expect(await within(field).findByText('That day is fully booked')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      tenure: 'owner',
      availability: [{ date: '2030-01-07', slot: 'all_day' }],
      consentTerms: true,
    });
  });

  async function fillRequired() {
    await userEvent.selectOptions(await screen.findByLabelText('Type of property'), 'detached');
    await userEvent.click(screen.getByLabelText('I own it'));
    await userEvent.click(screen.getByLabelText('No'));
    await userEvent.type(
      screen.getByLabelText('Where would you like the dish?'),
      'On the back wall',
    );
    await userEvent.type(screen.getByLabelText('Date 1'), '07/01/2030');
    await userEvent.click(screen.getByLabelText('I agree to the terms of installation *'));
  }

  it('asks for dates in UK form and says so when one cannot be read (issue 24)', async () => {
    const calls = renderForm(() => ({ status: 204, body: {} }));
    const date = await screen.findByLabelText('Date 1');
    expect((date as HTMLInputElement).placeholder).toBe('dd/mm/yyyy');
    await userEvent.type(date, '7 Jan');
    await userEvent.click(screen.getByRole('button', { name: 'Send my details' }));
    const field = date.closest('[data-slot="form-field"]') as HTMLElement;
    expect(
      await within(field).findByText('Enter a date as dd/mm/yyyy, for example 01/12/2026'),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/YYYY-MM-DD/);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('links the terms it asks the customer to agree to (issue 24)', async () => {
    renderForm(() => ({ status: 204, body: {} }));
    const link = await screen.findByRole('link', { name: /Read the terms of installation/ });
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offline, says it will send when back online, and sends then (issue 24)', async () => {
    const calls = renderForm(() => ({
      status: 201,
      body: { submittedAt: '2030-01-01T10:00:00Z' },
    }));
    await fillRequired();
    onlineManager.setOnline(false);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Send my details' }));
      expect(await screen.findByRole('button', { name: 'Waiting for a connection…' })).toBeTruthy();
      expect(
        screen.getByText("You're offline. We'll send this when you're back online."),
      ).toBeTruthy();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  });

  it('tells the tab that lost the race that another tab sent the form first (issue 24)', async () => {
    let sent = false;
    stubApi({
      'GET /api/public/customer-form/tok': () => ({
        body: sent
          ? {
              state: 'sent',
              orderNumber: 'UP-123',
              submittedAt: '2030-01-01T10:00:00Z',
              answers: {
                ...prefill,
                propertyType: 'flat',
                tenure: 'owner',
                listedBuilding: 'no',
                dishPosition: 'Roof',
                availability: [{ date: '2030-01-08', slot: 'am' }],
              },
              company,
            }
          : { state: 'open', orderNumber: 'UP-123', prefill, rules, company },
      }),
      'POST /api/public/customer-form/tok': () => {
        sent = true;
        return {
          status: 409,
          body: { message: 'Already sent', code: customerJourneyErrorCodes.alreadySubmitted },
        };
      },
    });
    renderPage(<CustomerFormPage params={{ token: 'tok' }} />);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Send my details' }));
    expect(
      await screen.findByRole('heading', {
        name: 'This form was already sent from another tab or device.',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Thank you, we have your details' })).toBeNull();
    expect(screen.getByText('Roof')).toBeTruthy();
  });

  it('offers only the times /settings offers, starting with the first when all day is not', async () => {
    stubApi({
      'GET /api/public/customer-form/tok': () => ({
        body: {
          state: 'open',
          orderNumber: 'UP-123',
          prefill,
          rules: { ...rules, slots: ['am', 'pm'] },
          company,
        },
      }),
    });
    renderPage(<CustomerFormPage params={{ token: 'tok' }} />);
    const time = (await screen.findByLabelText('Time on date 1')) as HTMLSelectElement;
    expect(
      within(time)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Morning', 'Afternoon']);
    expect(time.value).toBe('am');
    expect(
      customerFormSchema({ ...rules, slots: ['am', 'pm'] })
        .safeParse({ availability: [{ date: '2030-01-07', slot: 'all_day' }] })
        .error!.issues.find((issue) => issue.path.join('.') === 'availability.0.slot')?.message,
    ).toBe('We do not offer all day appointments; please choose another time');
  });
});

describe('company logo (issue 21)', () => {
  const withLogo = { ...company, logoUrl: '/api/public/company-logo?v=2026' };

  it('heads the portal with the logo when one is set', async () => {
    stubApi({
      'GET /api/public/portal/UP-123': () => ({ body: { ...portalView, company: withLogo } }),
    });
    renderPage(<CustomerPortalPage params={{ orderNumber: 'UP-123' }} />, '/customer/UP-123');
    const logo = await screen.findByRole('img', { name: 'Uplink logo' });
    expect(logo.getAttribute('src')).toBe('/api/public/company-logo?v=2026');
  });

  it('shows no image at all when no logo is set', async () => {
    stubApi({ 'GET /api/public/portal/UP-123': () => ({ body: portalView }) });
    renderPage(<CustomerPortalPage params={{ orderNumber: 'UP-123' }} />, '/customer/UP-123');
    expect(await screen.findByRole('heading', { name: 'Order UP-123' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the logo on a link that no longer opens', async () => {
    stubApi({
      'GET /api/public/kit-arrived/old': () => ({
        body: { state: 'problem', problem: 'expired', company: withLogo },
      }),
    });
    renderPage(<KitArrivedPage params={{ token: 'old' }} />);
    expect(await screen.findByRole('img', { name: 'Uplink logo' })).toBeTruthy();
  });
});

describe('terms of installation (issue 24)', () => {
  it('shows the terms with the company’s name and how to reach it', async () => {
    stubApi({
      'GET /api/public/terms': () => ({
        body: { company, sections: defaultInstallationTerms(company.name) },
      }),
    });
    renderPage(<TermsPage />, '/terms');
    expect(
      await screen.findByRole('heading', { name: 'Terms of installation', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The installation', level: 2 })).toBeTruthy();
    expect(screen.getAllByText(/Uplink will book a visit/).length).toBe(1);
    expect(screen.getByRole('link', { name: company.phone })).toBeTruthy();
  });
});
