import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../components/ui/use-toast';
import { DeferredToaster } from './deferred-toaster';

describe('DeferredToaster', () => {
  it('loads the notification area once the browser is idle, before any toast', async () => {
    render(<DeferredToaster />);
    expect(await screen.findByRole('region', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('loads the Toaster when a toast is raised and shows it', async () => {
    render(<DeferredToaster />);
    act(() => {
      toast({ title: 'Login Successful' });
    });
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(screen.getByRole('region').getAttribute('aria-label')).toContain('F8');
  });
});
