import { describe, expect, it } from 'vitest';
import { deviceTime, deviceTimeMessages } from './device-time';

describe('device time', () => {
  it('accepts an ISO time with an offset inside 2000–2100', () => {
    expect(deviceTime.parse('2026-11-25T09:30:00Z')).toBe('2026-11-25T09:30:00Z');
    expect(deviceTime.safeParse('2026-11-25T09:30:00.123+01:00').success).toBe(true);
  });

  it('refuses year 0, year 1 and far futures with a plain message', () => {
    for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '2101-01-01T00:00:00Z']) {
      expect(deviceTime.safeParse(value).error?.issues[0]?.message).toBe(
        deviceTimeMessages.outOfRange,
      );
    }
    expect(deviceTime.safeParse('99999-01-01T00:00:00Z').error?.issues[0]?.message).toBe(
      deviceTimeMessages.format,
    );
    expect(deviceTime.safeParse('yesterday').success).toBe(false);
  });
});
