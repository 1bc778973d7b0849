import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text';

describe('LinkifiedText', () => {
  it('makes each address a link and leaves the sentence around it as text', () => {
    render(
      <p>
        <LinkifiedText text="Hi Cara, tell us about your home: http://127.0.0.1:5173/customer-form/abc_DEF-1. Thanks" />
      </p>,
    );
    const link = screen.getByRole('link', {
      name: 'http://127.0.0.1:5173/customer-form/abc_DEF-1',
    });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:5173/customer-form/abc_DEF-1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.parentElement?.textContent).toMatch(/your home: http.*abc_DEF-1\. Thanks$/);
  });

  it('leaves text without an address alone', () => {
    render(
      <p data-testid="text">
        <LinkifiedText text="Your code is 123456" />
      </p>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('text').textContent).toBe('Your code is 123456');
  });
});
