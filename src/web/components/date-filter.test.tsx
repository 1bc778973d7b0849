import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateFilter } from './date-filter';

describe('DateFilter (issue 24)', () => {
  it('gives the list a date only once it reads as one, and names one it cannot read', async () => {
    const onChange = vi.fn();
    render(<DateFilter label="From" value="2026-02-01" onChange={onChange} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    expect(input.value).toBe('01/02/2026');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    await userEvent.type(input, '10/02/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-10');
    onChange.mockClear();
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/2026');
    expect(onChange).not.toHaveBeenCalledWith('2026-02-31');
    await userEvent.tab();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This date does not exist; check the day and the month',
    );
    await userEvent.clear(input);
    await userEvent.type(input, 'Feb');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a date as dd/mm/yyyy, for example 01/12/2026',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
