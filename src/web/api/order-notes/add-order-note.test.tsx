import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/lib/query-client';
import { useAddOrderNote } from './add-order-note';
import { useOrderNotes } from './list-order-notes';

const note = {
  id: 'n1',
  body: 'Bring the long ladder',
  sharedWithContractor: false,
  author: { id: 'u1', name: 'Olive Office', side: 'back_office' },
  mentions: [],
  createdAt: '2026-11-26T10:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('adding a note', () => {
  it('answers the caller before the list has refreshed, so the form clears only what it sent', async () => {
    // The list's refresh after the note is held until the test lets it go.
    let listCalls = 0;
    let releaseList = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return json({ note }, 201);
        listCalls += 1;
        if (listCalls === 1) return json({ notes: [] });
        await new Promise<void>((resolve) => (releaseList = resolve));
        return json({ notes: [note] });
      }),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ list: useOrderNotes('o1'), add: useAddOrderNote('o1') }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.data?.notes).toEqual([]));

    const sent = vi.fn();
    act(() =>
      result.current.add.mutate(
        { body: note.body, sharedWithContractor: false, mentionUserIds: [] },
        { onSuccess: sent },
      ),
    );
    await waitFor(() => expect(sent).toHaveBeenCalled());
    // The caller heard of it while the list was still on its way.
    expect(listCalls).toBe(2);
    expect(result.current.list.data?.notes).toEqual([]);

    act(() => releaseList());
    await waitFor(() => expect(result.current.list.data?.notes).toHaveLength(1));
  });
});
