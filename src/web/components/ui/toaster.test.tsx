import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from './toast';
import { Toaster } from './toaster';
import { toast } from './use-toast';

describe('Toaster (spec §8, §9)', () => {
  it('uses the spec constants', () => {
    expect(TOAST_DURATION_MS).toBe(5_000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
  });

  it('shows a raised toast with its variant, and F8 focuses the notification area', () => {
    render(<Toaster />);
    act(() => {
      toast({
        title: 'Verification Failed',
        description: 'Invalid verification code',
        variant: 'destructive',
      });
    });
    expect(screen.getByText('Verification Failed')).toBeTruthy();
    expect(screen.getByText('Invalid verification code')).toBeTruthy();
    const root = screen.getByText('Verification Failed').closest('[data-variant]');
    expect(root?.getAttribute('data-variant')).toBe('destructive');

    const viewport = screen.getByRole('region');
    expect(viewport.getAttribute('aria-label')).toContain('F8');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(viewport.querySelector('ol') ?? viewport);
  });
});
