import { describe, expect, it } from 'vitest';
import { connectionStatus, systemStatus } from './status';

const ready = {
  status: 'ready' as const,
  checks: { database: true, migrations: true, seed: true },
};

describe('system card', () => {
  it('reads All systems operational only when /readyz says ready', () => {
    expect(systemStatus({ readiness: ready, failed: false, loading: false }, true)).toMatchObject({
      tone: 'ok',
      title: 'All systems operational',
    });
  });

  it('names what is not ready', () => {
    const report = systemStatus(
      {
        readiness: {
          status: 'not_ready',
          checks: { database: true, migrations: false, seed: false },
        },
        failed: false,
        loading: false,
      },
      true,
    );
    expect(report.tone).toBe('warning');
    expect(report.detail).toContain('the database is being updated');
    expect(report.detail).toContain('the demo data is still being prepared');
  });

  it('says when the server cannot be reached, and why if offline', () => {
    expect(
      systemStatus({ readiness: undefined, failed: true, loading: false }, true),
    ).toMatchObject({ tone: 'error', title: 'The server cannot be reached' });
    expect(
      systemStatus({ readiness: undefined, failed: true, loading: false }, false).detail,
    ).toContain('offline');
  });

  it('is pending while checking', () => {
    expect(systemStatus({ readiness: undefined, failed: false, loading: true }, true).tone).toBe(
      'pending',
    );
  });
});

describe('connection card', () => {
  it('reads Connected and synchronized when online with nothing waiting', () => {
    expect(connectionStatus(true, null).title).toBe('Connected and synchronized');
    expect(connectionStatus(true, 0).title).toBe('Connected and synchronized');
  });

  it('says what waits to sync', () => {
    expect(connectionStatus(true, 3)).toMatchObject({ tone: 'warning', title: 'Synchronizing' });
    expect(connectionStatus(true, 1).detail).toContain('1 change on this device');
  });

  it('says offline, with the count that will be sent', () => {
    expect(connectionStatus(false, null)).toMatchObject({ tone: 'error', title: 'Offline' });
    expect(connectionStatus(false, 2).detail).toContain('2 changes will be sent');
  });
});
