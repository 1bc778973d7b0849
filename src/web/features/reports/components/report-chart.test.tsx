import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportChart } from './report-chart';

const series = [
  { key: 'offered' as const, label: 'Offered', fill: '#1d4ed8', swatch: 'bg-blue-700' },
  { key: 'failed' as const, label: 'Failed', fill: '#b91c1c', swatch: 'bg-red-700' },
];
const rows = [
  { bucket: '2026-02-02', offered: 4, failed: 1 },
  { bucket: '2026-02-09', offered: 2, failed: 0 },
];

describe('ReportChart', () => {
  it('draws grouped Recharts bars as one named image, with every figure in a table beneath', () => {
    render(<ReportChart title="Offered and failed" bucket="week" rows={rows} series={series} />);
    const chart = screen.getByRole('img', {
      name: 'Offered and failed by week (from Monday): 6 offered, 1 failed in the period',
    });
    expect(chart.classList.contains('recharts-surface')).toBe(true);
    // A bar per series per week with any (0 draws none), nothing focusable inside the image.
    expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3);
    expect(chart.querySelectorAll('.recharts-xAxis-tick-labels text')).toHaveLength(2);
    expect(chart.getAttribute('tabindex')).toBeNull();

    const summary = screen.getByText('Figures for offered and failed by week (from Monday)');
    expect(summary.tagName.toLowerCase()).toBe('summary');
    expect(summary.className).toBe('min-h-6 cursor-pointer py-0.5');
    const table = within(summary.closest('details')!).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week from', 'Offered', 'Failed']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2 Feb', '4', '1'],
      ['9 Feb', '2', '0'],
    ]);
  });

  it('names a month chart by the month', () => {
    render(
      <ReportChart
        title="Offered and failed"
        bucket="month"
        rows={[{ bucket: '2026-01-01', offered: 0, failed: 0 }]}
        series={series}
      />,
    );
    expect(
      screen.getByRole('img', { name: /^Offered and failed by month: 0 offered, 0 failed/ }),
    ).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Jan 2026' })).toBeTruthy();
  });
});
