import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, hiddenHeading, type DataTableColumn } from './data-table';
import { ListCard } from './responsive-list';

type Row = { id: string; name: string; count: number };
const rows: Row[] = [
  { id: 'a', name: 'Alpha', count: 3 },
  { id: 'b', name: 'Bravo', count: 7 },
];
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
  {
    id: 'count',
    header: 'Count',
    cell: ({ row }) => row.original.count,
    meta: { className: 'text-right', headClassName: 'text-right' },
  },
  { id: 'actions', header: hiddenHeading('Actions'), cell: () => <button>Open</button> },
];

/** A phone's width: matchMedia answers that the `md` query does not match. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('draws a row per item with its columns, their classes and a heading for screen readers', () => {
    render(<DataTable data={rows} columns={columns} getRowId={(r) => r.id} tableLabel="Things" />);
    const table = screen.getByRole('table', { name: 'Things' });
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((th) => th.textContent)).toEqual(['Name', 'Count', 'Actions']);
    expect(headings[1]!.className).toContain('text-right');
    expect(headings[2]!.querySelector('.sr-only')).toBeTruthy();
    const cells = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell');
    expect(cells.map((td) => td.textContent)).toEqual(['Bravo', '7', 'Open']);
    expect(cells[1]!.className).toContain('text-right');
  });

  it('hides the columns it is told to', () => {
    render(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        columnVisibility={{ count: false }}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Actions',
    ]);
  });

  it('sorts through the server: a sortable heading is a button that says its order', async () => {
    const onSort = vi.fn();
    render(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        sorting={{
          fieldOf: { name: 'name', count: 'count' },
          sort: 'count',
          direction: 'desc',
          onSort,
        }}
      />,
    );
    const [name, count] = screen.getAllByRole('columnheader');
    expect(count!.getAttribute('aria-sort')).toBe('descending');
    expect(name!.getAttribute('aria-sort')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Count\W*sorted descending$/ }));
    expect(onSort).toHaveBeenLastCalledWith('count', 'asc');
    await userEvent.click(screen.getByRole('button', { name: /^Name\W*sort$/ }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
  });

  it('on a phone shows a card per row in a named list instead of the table', () => {
    narrowScreen();
    render(
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        cards={{ label: 'Things', render: (row) => <ListCard>{row.name}</ListCard> }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Things' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alpha', 'Bravo']);
  });
});
