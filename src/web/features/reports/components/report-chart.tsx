import { inSentence } from '@web/lib/in-sentence';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartBucket } from '@shared/reports/reports.contracts';

export type ChartSeries<Key extends string> = {
  key: Key;
  label: string;
  /** The bars' fill and the Tailwind class of its legend swatch (the same colour). */
  fill: string;
  swatch: string;
};

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

const bucketHeader: Record<ChartBucket, string> = {
  day: 'Day',
  week: 'Week from',
  month: 'Month',
};

/** The chart's height in CSS pixels; its width follows the page (ResponsiveContainer). */
const chartHeight = 220;

/**
 * Until ResponsiveContainer has measured its box (and where nothing can be measured, as in
 * jsdom), the chart is drawn at this size rather than not at all.
 */
const initialDimension = { width: 640, height: chartHeight };

/** Axis text: slate-600 on white, 7.6:1. */
const tick = { fill: '#475569', fontSize: 11 };

/**
 * Grouped bars over the report's period, drawn with Recharts (decision 064). The SVG is one image
 * named with the period's totals (Recharts' keyboard layer is off: it would make a focusable
 * "application" inside the image); pointing at a bucket shows its figures, and every figure is
 * also in a table beneath that a screen reader or a keyboard can walk.
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
  const name = `${title} ${bucketWords[bucket]}`;
  const totals = series
    .map((s) => `${rows.reduce((sum, row) => sum + row[s.key], 0)} ${inSentence(s.label)}`)
    .join(', ');
  const data = rows.map((row) => ({ ...row, label: bucketLabel(row.bucket, bucket) }));

  return (
    <figure className="grid min-w-0 gap-2">
      <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
        <ResponsiveContainer
          width="100%"
          height={chartHeight}
          initialDimension={initialDimension}
          className="min-w-0"
        >
          <BarChart
            data={data}
            role="img"
            aria-label={`${name}: ${totals} in the period`}
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="label"
              tick={tick}
              tickLine={false}
              axisLine={{ stroke: '#94a3b8' }}
              interval="preserveStartEnd"
              minTickGap={12}
            />
            <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={36} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              separator=": "
              contentStyle={{ borderColor: '#cbd5e1', fontSize: 13 }}
              labelStyle={{ color: '#0f172a' }}
            />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.fill}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="sr-only">{`${name}:`}</span>
        {series.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${s.swatch}`} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <details className="text-sm text-slate-700">
        <summary className="min-h-6 cursor-pointer py-0.5">
          Figures for {inSentence(title)} {bucketWords[bucket]}
        </summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="font-medium">
                {bucketHeader[bucket]}
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="text-right font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.bucket}>
                <td>{bucketLabel(row.bucket, bucket)}</td>
                {series.map((s) => (
                  <td key={s.key} className="text-right tabular-nums">
                    {row[s.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
