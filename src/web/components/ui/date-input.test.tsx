import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateInput } from './date-input';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="d">Date</label>
      <DateInput id="d" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2027-03-04')}>
        Set
      </button>
    </>
  );
}

describe('DateInput (issue 24)', () => {
  it('shows a date in UK form and gives the form YYYY-MM-DD', async () => {
    render(<Harness initial="2026-12-01" />);
    const input = screen.getByLabelText('Date') as HTMLInputElement;
    expect(input.value).toBe('01/12/2026');
    expect(input.placeholder).toBe('dd/mm/yyyy');
    await userEvent.clear(input);
    await userEvent.type(input, '5/1/2027');
    expect(screen.getByTestId('value').textContent).toBe('2027-01-05');
    await userEvent.tab();
    expect(input.value).toBe('05/01/2027');
  });

  it('passes on what it cannot read, for the form to refuse in words', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Date') as HTMLInputElement;
    await userEvent.type(input, '31/1');
    expect(screen.getByTestId('value').textContent).toBe('31/1');
    expect(input.value).toBe('31/1');
  });

  it('shows a value set from outside in UK form, and offers the calendar by a named button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('04/03/2027');
    expect(screen.getByRole('button', { name: 'Choose a date from a calendar' })).toBeTruthy();
  });
});
