import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBar, SelectFilter, TextFilter, optionsOf } from './filter-bar';

afterEach(() => vi.useRealTimers());

describe('SearchBar', () => {
  it('sends the search once typing pauses, and at once on Enter', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(
      <SearchBar
        id="s"
        label="Search things"
        hideLabel
        placeholder="Name"
        value=""
        onSearch={onSearch}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    fireEvent.change(box, { target: { value: 'ad' } });
    fireEvent.change(box, { target: { value: 'ada' } });
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('ada');
    fireEvent.change(box, { target: { value: 'adam' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenLastCalledWith('adam');
  });

  it('shows the search in force when it changes from elsewhere (the back button)', () => {
    const { rerender } = render(
      <SearchBar id="s" label="Search" placeholder="Name" value="first" onSearch={() => {}} />,
    );
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('first');
    rerender(
      <SearchBar id="s" label="Search" placeholder="Name" value="second" onSearch={() => {}} />,
    );
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('second');
  });
});

describe('SelectFilter', () => {
  it('offers "all" and each option by its label, and gives back the value chosen', async () => {
    function Harness() {
      const [value, setValue] = useState<'a' | 'b' | ''>('');
      return (
        <>
          <SelectFilter
            id="f"
            label="Kind"
            allLabel="All kinds"
            options={optionsOf(['a', 'b'] as const, { a: 'Apple', b: 'Banana' })}
            value={value}
            onChange={setValue}
          />
          <output>{value || 'none'}</output>
        </>
      );
    }
    render(<Harness />);
    const select = screen.getByLabelText('Kind');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'All kinds',
      'Apple',
      'Banana',
    ]);
    await userEvent.selectOptions(select, 'Banana');
    expect(screen.getByRole('status').textContent).toBe('b');
  });
});

describe('TextFilter', () => {
  it('is a labelled text box that reports what is typed', async () => {
    const onChange = vi.fn();
    render(<TextFilter id="t" label="Recipient" value="" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Recipient' }), 'x');
    expect(onChange).toHaveBeenCalledWith('x');
  });
});
