import { z } from 'zod';

/**
 * A moment a device recorded (check-in, a photo taken, a signature), as ISO 8601 with an offset
 * (issue 18). A phone's clock can be wildly wrong or a client hostile: year 0 passes the ISO
 * pattern but not PostgreSQL, so the year must lie in 2000–2100, which any real visit does.
 */
export const deviceTimeYearRange = { min: 2000, max: 2100 } as const;

export const deviceTimeMessages = {
  format: 'Give a date and time (ISO 8601)',
  outOfRange: `Give a date and time between ${deviceTimeYearRange.min} and ${deviceTimeYearRange.max}`,
} as const;

export const deviceTime = z.iso.datetime({ offset: true, error: deviceTimeMessages.format }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= deviceTimeYearRange.min && year <= deviceTimeYearRange.max;
  },
  { message: deviceTimeMessages.outOfRange, abort: true },
);
