import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyLogo } from './company-logo';

describe('CompanyLogo', () => {
  it('shows the logo with "<company name> logo" as its text when a logo is set', () => {
    render(
      <CompanyLogo company={{ name: 'Kernow Dish Co', logoUrl: '/api/public/company-logo?v=1' }} />,
    );
    const logo = screen.getByRole('img', { name: 'Kernow Dish Co logo' });
    expect(logo.getAttribute('src')).toBe('/api/public/company-logo?v=1');
    // Sized for a phone: never taller than 48 px, never wider than its column.
    expect(logo.className).toContain('max-h-12');
    expect(logo.className).toContain('max-w-full');
  });

  it('renders nothing when no logo is set', () => {
    const { container } = render(
      <CompanyLogo company={{ name: 'Kernow Dish Co', logoUrl: null }} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('removes the image rather than show a broken one when it does not load', () => {
    render(
      <CompanyLogo company={{ name: 'Kernow Dish Co', logoUrl: '/api/public/company-logo?v=1' }} />,
    );
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
  });
});
