import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';
import { cursorStep } from '@web/lib/cursor-paging';

const orders = { one: 'order', many: 'orders' };

/** A list whose rows all fit on its first page, counted exactly. */
function renderOnePage(total: number) {
  render(
    <Pagination
      page={1}
      pageSize={25}
      total={total}
      noun={orders}
      hasNext={false}
      hasPrevious={false}
      onPageChange={() => {}}
    />,
  );
}

describe('Pagination of a list paged by cursor (decision 085)', () => {
  it('says "about" when the total is the database’s estimate', () => {
    render(
      <Pagination
        page={3}
        pageSize={25}
        total={12_345}
        totalIsEstimate
        noun={orders}
        hasNext
        hasPrevious
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('51–75 of about 12,300 orders')).toBeTruthy();
    expect(screen.getByText(/Page 3 of about 492/)).toBeTruthy();
  });

  /** Past a count stopped at 1,000 rows: only "more than 1,000" is known. */
  const pastTheCount = (page: number, more: { shown?: number; hasNext?: boolean } = {}) => (
    <Pagination
      page={page}
      pageSize={25}
      total={1_000}
      totalIsEstimate
      totalIsLowerBound
      shown={more.shown}
      noun={orders}
      hasNext={more.hasNext ?? true}
      hasPrevious
      onPageChange={() => {}}
    />
  );

  it('says "more than" when the count stopped at its threshold (decision 097)', () => {
    const { rerender } = render(pastTheCount(2));
    expect(screen.getByText('26–50 of more than 1,000 orders')).toBeTruthy();
    expect(screen.getByText(/Page 2 of more than 40/)).toBeTruthy();
    expect(screen.queryByText(/about/)).toBeNull();
    // Beyond the pages the bound covers, the page stands alone.
    rerender(pastTheCount(41));
    expect(screen.getByText('1,001–1,025 of more than 1,000 orders')).toBeTruthy();
    expect(screen.getByText(/^Page 41$/)).toBeTruthy();
  });

  it('ends the range at the last row shown where the total is not a count', () => {
    render(pastTheCount(2, { shown: 2, hasNext: false }));
    expect(screen.getByText('26–27 of more than 1,000 orders')).toBeTruthy();
  });

  it('gives the exact count when it was counted', () => {
    renderOnePage(12);
    expect(screen.getByText('1–12 of 12 orders')).toBeTruthy();
    expect(screen.queryByText(/about/)).toBeNull();
  });

  it('says how many there are, not "0–0 of 0", when there are none', () => {
    renderOnePage(0);
    expect(screen.getByText('0 orders')).toBeTruthy();
    expect(screen.queryByText(/0–0/)).toBeNull();
  });

  it('offers Next and Previous only where the server gave a cursor', async () => {
    const onPageChange = vi.fn();
    render(
      <Pagination
        page={2}
        pageSize={25}
        total={20_000}
        totalIsEstimate
        hasNext={false}
        hasPrevious
        onPageChange={onPageChange}
      />,
    );
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('steps to the page the cursor opens, and back to a plain first page', () => {
    const cursors = { nextCursor: 'next', prevCursor: 'prev' };
    expect(cursorStep(3, 2, cursors)).toEqual({ page: 3, cursor: 'next' });
    expect(cursorStep(2, 3, cursors)).toEqual({ page: 2, cursor: 'prev' });
    expect(cursorStep(1, 2, cursors)).toEqual({ page: 1, cursor: '' });
  });
});
