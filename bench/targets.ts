// The targets every bench part checks, collected as it runs and printed together at the end:
// one line per target, `target <name>: met (<figure>)` or `target <name>: missed (<figure>)`,
// then `<label>: N/M targets met`. A missed target makes the run exit non-zero, so anyone can
// rerun the bench and see from the exit status alone (decision 088).

export type TargetResult = { name: string; met: boolean; figure: string };

const results: TargetResult[] = [];

/** Records one target. `name` should not hold a colon: the line's first `: ` ends it. */
export function target(name: string, met: boolean, figure: string): TargetResult {
  const result = { name: name.replaceAll(':', ''), met, figure };
  results.push(result);
  return result;
}

/** A time target: `value` under (or at most) `limit`, the figure in milliseconds. */
export function targetUnder(name: string, valueMs: number, limitMs: number): TargetResult {
  return target(name, valueMs < limitMs, `${ms(valueMs)} ms, limit ${ms(limitMs)} ms`);
}

/** A ratio target: `value` within `factor` times `base` (`value <= factor * base`). */
export function targetWithin(
  name: string,
  value: number,
  base: number,
  factor: number,
  labels: [string, string] = ['', ''],
): TargetResult {
  const ratio = base > 0 ? value / base : Number.POSITIVE_INFINITY;
  const [of, to] = labels;
  return target(
    name,
    ratio <= factor,
    `${of ? `${of} ` : ''}${ms(value)} ms against ${to ? `${to} ` : ''}${ms(base)} ms: ${ratio.toFixed(2)}x, limit ${factor}x`,
  );
}

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(2));

/** The targets recorded so far (a copy). */
export function targetResults(): TargetResult[] {
  return [...results];
}

/**
 * Prints every target line and the summary, and sets the exit code to 1 when one was missed.
 * Answers how many were missed.
 */
export function reportTargets(label = 'bench'): number {
  console.log('');
  for (const r of results)
    console.log(`target ${r.name}: ${r.met ? 'met' : 'missed'} (${r.figure})`);
  const met = results.filter((r) => r.met).length;
  console.log(`${label}: ${met}/${results.length} targets met`);
  const missed = results.length - met;
  if (missed > 0) process.exitCode = 1;
  return missed;
}
