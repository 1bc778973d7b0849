import { useId } from 'react';
import type {
  AuditChartBucket,
  ChartInterval,
  ChartSeriesKey,
} from '@shared/audit/audit.contracts';

const width = 320;
const height = 120;
const axis = 16;

/** "12 Jan" for a day, "12 Jan 09:00" for an hour (the bucket's London start). */
export function bucketLabel(start: string, interval: ChartInterval): string {
  const [day, time] = start.split('T') as [string, string];
  const date = new Date(`${day}T12:00:00Z`);
  const text = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return interval === 'hour' ? `${text} ${time}` : text;
}

/**
 * One series as bars over time, drawn in SVG (Recharts is not among the dependencies). The image
 * has a name giving the total and the busiest bucket; each bar has a title with its count, and
 * the figures are also in a table a screen reader can walk.
 */
export function EventBarChart({
  title,
  series,
  buckets,
  interval,
  colour,
}: {
  title: string;
  series: ChartSeriesKey;
  buckets: AuditChartBucket[];
  interval: ChartInterval;
  colour: string;
}) {
  const id = useId();
  const values = buckets.map((bucket) => bucket[series]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const max = Math.max(1, ...values);
  const busiest = buckets[values.indexOf(Math.max(...values))];
  const summary =
    total === 0
      ? `${title}: none in this period`
      : `${title}: ${total} in this period, most (${max}) ${interval === 'hour' ? 'at' : 'on'} ${bucketLabel(busiest!.start, interval)}`;
  const slot = (width - 4) / Math.max(1, buckets.length);
  const first = buckets[0];
  const last = buckets.at(-1);
  return (
    <figure className="grid gap-2 rounded-md border border-slate-200 p-3">
      <figcaption id={`${id}-title`} className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">{title}</span>
        <span className="text-2xl font-semibold tabular-nums text-slate-900">{total}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height + axis}`}
        className="h-32 w-full"
        preserveAspectRatio="none"
      >
        <line x1="0" x2={width} y1={height} y2={height} stroke="#94a3b8" strokeWidth="1" />
        {buckets.map((bucket, index) => {
          const value = bucket[series];
          const barHeight = (value / max) * (height - 4);
          return (
            <rect
              key={bucket.start}
              x={2 + index * slot + slot * 0.1}
              y={height - barHeight}
              width={Math.max(1, slot * 0.8)}
              height={barHeight}
              fill={colour}
            >
              <title>{`${bucketLabel(bucket.start, interval)}: ${value}`}</title>
            </rect>
          );
        })}
        {first && (
          <text x="2" y={height + 12} fontSize="10" fill="#475569">
            {bucketLabel(first.start, interval)}
          </text>
        )}
        {last && last !== first && (
          <text x={width - 2} y={height + 12} fontSize="10" fill="#475569" textAnchor="end">
            {bucketLabel(last.start, interval)}
          </text>
        )}
      </svg>
      <details className="text-sm text-slate-700">
        <summary className="min-h-6 cursor-pointer py-0.5">
          Figures for {title.toLowerCase()}
        </summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="font-medium">
                {interval === 'hour' ? 'Hour' : 'Day'}
              </th>
              <th scope="col" className="text-right font-medium">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.start}>
                <td>{bucketLabel(bucket.start, interval)}</td>
                <td className="text-right tabular-nums">{bucket[series]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
