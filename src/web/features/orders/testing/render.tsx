import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { OrderDetail } from '@shared/orders/orders.contracts';
import { Toaster } from '@web/components/ui/toaster';
import { createQueryClient } from '@web/lib/query-client';

type Reply = { status?: number; body?: unknown };
type Handler = (request: { body: unknown; url: string }) => Reply | Promise<Reply>;

/** A stand-in for the API: `"GET /api/orders"` → a handler; anything else answers 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const handler = handlers[`${method} ${url.split('?')[0]}`];
      const reply = handler
        ? await handler({ body, url })
        : { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderWithApp(ui: ReactNode, path = '/') {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}

const id = '11111111-1111-4111-8111-111111111111';

/** An order as GET /api/orders/:id answers it, with overrides. */
export function buildOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const now = '2026-11-20T10:00:00.000Z';
  return {
    id,
    orderNumber: 'UPL-2026-000123',
    status: 'validated',
    kitStatus: 'awaiting_dispatch',
    holdFromStatus: null,
    partner: { id: '22222222-2222-4222-8222-222222222222', name: 'SkyReach Broadband' },
    partnerReference: 'SR-1',
    customer: {
      id: '33333333-3333-4333-8333-333333333333',
      reference: 'CUS-000123',
      firstName: 'Ada',
      lastName: 'Trelawny',
      email: 'ada@example.net',
      phone: '+447700900123',
      address: { line1: '1 Quay', line2: null, town: 'Looe', county: null, postcode: 'PL13 1AA' },
      latitude: null,
      longitude: null,
      notes: null,
      validationStatus: 'validated',
      rejectionReason: null,
      validatedAt: now,
      createdAt: now,
      updatedAt: now,
    },
    jobType: { id: '44444444-4444-4444-8444-444444444444', name: 'Standard installation' },
    pricePence: 19900,
    payoutPence: 12000,
    courier: null,
    trackingNumber: null,
    kitDispatchedAt: null,
    kitArrivedAt: null,
    contractor: null,
    assignmentState: 'unassigned',
    contractorOfferedAt: null,
    contractorAcceptedAt: null,
    requestedDate: null,
    notes: null,
    slaTargetDays: 14,
    slaState: 'on_track',
    slaDueAt: '2026-12-04T10:00:00.000Z',
    receivedAt: now,
    completedAt: null,
    closedAt: null,
    cancelledAt: null,
    cancellationReason: null,
    createdAt: now,
    updatedAt: now,
    version: 7,
    visits: [],
    timeline: [],
    allowedActions: [],
    ...overrides,
  };
}
