import type { ContractorReport } from '@shared/contractor-portal/contractor-portal.contracts';
import { formatMonth } from '@web/lib/format-date';

const height = 180;
const barWidth = 14;
const groupGap = 22;
const axis = 28;

/**
 * Completed and failed visits per month as grouped bars: plain SVG (no chart library to load),
 * named for screen readers; the table below the chart carries the same figures.
 */
export function OutcomeChart({ report }: { report: ContractorReport }) {
  const max = Math.max(1, ...report.months.map((m) => Math.max(m.completed, m.failed)));
  const groupWidth = barWidth * 2 + groupGap;
  const width = axis + report.months.length * groupWidth + 8;
  const scale = (value: number) => (value / max) * (height - 20);
  const summary = report.months
    .map((m) => `${formatMonth(m.month)}: ${m.completed} completed, ${m.failed} failed`)
    .join('; ');

  return (
    <figure className="grid gap-2">
      <div className="rounded-lg border border-slate-200 bg-white p-3">
        <svg
          role="img"
          aria-labelledby="outcome-chart-title outcome-chart-desc"
          viewBox={`0 0 ${width} ${height + 24}`}
          width={width}
          height={height + 24}
          // Its own size where it fits; narrowed (and scaled) to a phone's width, never scrolled.
          className="h-auto max-w-full"
        >
          <title id="outcome-chart-title">Completed and failed visits by month</title>
          <desc id="outcome-chart-desc">{summary}</desc>
          <line x1={axis} x2={width} y1={height} y2={height} stroke="#94a3b8" />
          <text x={axis - 6} y={height} textAnchor="end" fontSize="10" fill="#475569">
            0
          </text>
          <text x={axis - 6} y={20} textAnchor="end" fontSize="10" fill="#475569">
            {max}
          </text>
          {report.months.map((m, index) => {
            const x = axis + 6 + index * groupWidth;
            return (
              <g key={m.month}>
                <rect
                  x={x}
                  y={height - scale(m.completed)}
                  width={barWidth}
                  height={scale(m.completed)}
                  fill="#15803d"
                />
                <rect
                  x={x + barWidth}
                  y={height - scale(m.failed)}
                  width={barWidth}
                  height={scale(m.failed)}
                  fill="#b91c1c"
                />
                <text
                  x={x + barWidth}
                  y={height + 14}
                  textAnchor="middle"
                  fontSize="10"
                  fill="#334155"
                >
                  {formatMonth(m.month).slice(0, 3)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-green-700" />
          Completed visits
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-red-700" />
          Failed visits
        </span>
      </figcaption>
    </figure>
  );
}
