import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { orderKeys } from './keys';
import { useOrderAction } from './order-action';

const orderId = '33333333-3333-4333-8333-333333333333';

afterEach(() => vi.unstubAllGlobals());

describe('useOrderAction', () => {
  it('takes a 204 (a contractor declines and loses sight of the order) as done, not an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.detail(orderId), { id: orderId });
    queryClient.setQueryData(orderKeys.list({ page: 1 }), { items: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useOrderAction(orderId), { wrapper });

    await expect(
      result.current.mutateAsync({
        action: 'decline',
        body: { reason: 'Too far away', expectedVersion: 2 },
      }),
    ).resolves.toBeNull();

    // The order is out of sight: its cached detail is gone and the lists are refreshed.
    expect(queryClient.getQueryData(orderKeys.detail(orderId))).toBeUndefined();
    expect(queryClient.getQueryState(orderKeys.list({ page: 1 }))?.isInvalidated).toBe(true);
  });
});
