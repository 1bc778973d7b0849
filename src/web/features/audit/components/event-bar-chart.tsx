import { inSentence } from '@web/lib/in-sentence';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type {
  AuditChartBucket,
  ChartInterval,
  ChartSeriesKey,
} from '@shared/audit/audit.contracts';

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

/** The chart's height in CSS pixels; its width follows its column (ResponsiveContainer). */
const chartHeight = 136;

/**
 * Until ResponsiveContainer has measured its box (and where nothing can be measured, as in
 * jsdom), the chart is drawn at this size rather than not at all.
 */
const initialDimension = { width: 320, height: chartHeight };

/** Axis text: slate-600 on white, 7.6:1. */
const tick = { fill: '#475569', fontSize: 11 };

/**
 * One series as bars over time, drawn with Recharts. The SVG is one image whose name gives the
 * total and the busiest bucket (Recharts' keyboard layer is off: it would make a focusable
 * "application" inside the image); pointing at a bar shows its count, and the figures are also
 * in a table beneath that a screen reader or a keyboard can walk.
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
  const data = buckets.map((bucket) => ({
    label: bucketLabel(bucket.start, interval),
    value: bucket[series],
  }));
  return (
    <figure className="grid min-w-0 gap-2 rounded-md border border-slate-200 p-3">
      <figcaption id={`${id}-title`} className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-slate-900">{title}</span>
        <span className="text-2xl font-semibold tabular-nums text-slate-900">{total}</span>
      </figcaption>
      <ResponsiveContainer
        width="100%"
        height={chartHeight}
        initialDimension={initialDimension}
        className="min-w-0"
      >
        <BarChart
          data={data}
          role="img"
          aria-label={summary}
          accessibilityLayer={false}
          margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="label"
            tick={tick}
            tickLine={false}
            axisLine={{ stroke: '#94a3b8' }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis
            allowDecimals={false}
            domain={[0, max]}
            tick={tick}
            tickLine={false}
            axisLine={false}
            width={32}
          />
          <Tooltip
            cursor={{ fill: '#f1f5f9' }}
            formatter={(value) => [value, title]}
            separator=": "
            contentStyle={{ borderColor: '#cbd5e1', fontSize: 13 }}
            labelStyle={{ color: '#0f172a' }}
          />
          <Bar dataKey="value" name={title} fill={colour} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <details className="text-sm text-slate-700">
        <summary className="min-h-6 cursor-pointer py-0.5">Figures for {inSentence(title)}</summary>
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
