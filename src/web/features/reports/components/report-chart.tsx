import { useId } from 'react';
import type { ChartBucket } from '@shared/reports/reports.contracts';

export type ChartSeries<Key extends string> = {
  key: Key;
  label: string;
  /** An SVG fill and the Tailwind class of its legend swatch. */
  fill: string;
  swatch: string;
};

const height = 180;
const axis = 32;

const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** A bucket's short label: "3 Feb" for a day or a week (its Monday), "Feb 2026" for a month. */
export function bucketLabel(bucket: string, kind: ChartBucket): string {
  const [year, month, day] = bucket.split('-').map(Number) as [number, number, number];
  const name = monthNames[month - 1]!;
  return kind === 'month' ? `${name} ${year}` : `${day} ${name}`;
}

const bucketWords: Record<ChartBucket, string> = {
  day: 'by day',
  week: 'by week (from Monday)',
  month: 'by month',
};

/**
 * Grouped bars over the report's period: plain SVG (no chart library in the bundle), named for
 * screen readers with every figure in its description; the table beside it carries the same.
 */
export function ReportChart<Key extends string>({
  title,
  bucket,
  rows,
  series,
}: {
  title: string;
  bucket: ChartBucket;
  rows: ({ bucket: string } & Record<Key, number>)[];
  series: ChartSeries<Key>[];
}) {
  const id = useId();
  const max = Math.max(1, ...rows.flatMap((row) => series.map((s) => row[s.key])));
  const barWidth = rows.length > 20 ? 5 : 10;
  const groupWidth = barWidth * series.length + (rows.length > 20 ? 6 : 14);
  const width = axis + rows.length * groupWidth + 8;
  const scale = (value: number) => (value / max) * (height - 20);
  const every = Math.ceil(rows.length / 10);
  const summary = rows
    .map(
      (row) =>
        `${bucketLabel(row.bucket, bucket)}: ${series.map((s) => `${row[s.key]} ${s.label.toLowerCase()}`).join(', ')}`,
    )
    .join('; ');

  return (
    <figure className="grid gap-2">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3">
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${width} ${height + 24}`}
          width={width}
          height={height + 24}
          className="h-auto max-w-full"
        >
          <title id={`${id}-title`}>{`${title} ${bucketWords[bucket]}`}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <line x1={axis} x2={width} y1={height} y2={height} stroke="#94a3b8" />
          <text x={axis - 6} y={height} textAnchor="end" fontSize="10" fill="#475569">
            0
          </text>
          <text x={axis - 6} y={20} textAnchor="end" fontSize="10" fill="#475569">
            {max}
          </text>
          {rows.map((row, index) => {
            const x = axis + 4 + index * groupWidth;
            return (
              <g key={row.bucket}>
                {series.map((s, n) => (
                  <rect
                    key={s.key}
                    x={x + n * barWidth}
                    y={height - scale(row[s.key])}
                    width={barWidth}
                    height={scale(row[s.key])}
                    fill={s.fill}
                  />
                ))}
                {index % every === 0 && (
                  <text
                    x={x + (barWidth * series.length) / 2}
                    y={height + 14}
                    textAnchor="middle"
                    fontSize="10"
                    fill="#334155"
                  >
                    {bucketLabel(row.bucket, bucket)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="sr-only">{`${title} ${bucketWords[bucket]}:`}</span>
        {series.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${s.swatch}`} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
