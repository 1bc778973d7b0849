import cronParser from 'cron-parser';

/** Schedules are read in UK time (spec: the business runs in the UK), clock changes included. */
export const scheduleTimeZone = 'Europe/London';

/**
 * The next `count` times a cron expression fires after `from`, computed by cron-parser, the same
 * library (and version) pg-boss uses to decide that a schedule is due.
 */
export function nextRunTimes(
  cron: string,
  options: { from: Date; count: number; tz?: string },
): Date[] {
  const interval = cronParser.parseExpression(cron, {
    currentDate: options.from,
    tz: options.tz ?? scheduleTimeZone,
  });
  const times: Date[] = [];
  for (let i = 0; i < options.count; i += 1) times.push(interval.next().toDate());
  return times;
}

/** Throws a plain error for an expression pg-boss would reject at start-up. */
export function assertCron(cron: string, tz: string = scheduleTimeZone): void {
  try {
    cronParser.parseExpression(cron, { tz });
  } catch (error) {
    throw new Error(`Bad cron expression "${cron}": ${(error as Error).message}`);
  }
}
