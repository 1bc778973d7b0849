import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('names a status of a kind in its word and colours it by its tone', () => {
    render(<StatusBadge kind="order" status="on_hold" />);
    const badge = screen.getByText('On hold');
    expect(badge.getAttribute('data-tone')).toBe('warning');
  });

  it('tells a screen reader what a kit or SLA word is about', () => {
    const { container } = render(
      <>
        <StatusBadge kind="kit" status="dispatched" />
        <StatusBadge kind="sla" status="breached" />
      </>,
    );
    expect(container.textContent).toBe('Kit: DispatchedSLA: Breached');
    expect(screen.getByText('Kit:').className).toContain('sr-only');
  });

  it('keeps the tone of the status when a screen words it otherwise', () => {
    render(
      <StatusBadge kind="active" status="inactive">
        Disabled
      </StatusBadge>,
    );
    expect(screen.getByText('Disabled').getAttribute('data-tone')).toBe('muted');
  });

  it('shows a one-off status in the tone it is given', () => {
    render(<StatusBadge tone="danger">Automatic</StatusBadge>);
    expect(screen.getByText('Automatic').getAttribute('data-tone')).toBe('danger');
  });
});
