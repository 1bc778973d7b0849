import type { Readiness } from '@web/api/health/get-readiness';

export type StatusTone = 'ok' | 'warning' | 'error' | 'pending';
export type StatusReport = { tone: StatusTone; title: string; detail: string };

const checkNames: Record<keyof Readiness['checks'], string> = {
  database: 'the database is not answering',
  migrations: 'the database is being updated',
  seed: 'the demo data is still being prepared',
};

/** The "system" card: true only when /readyz says so. */
export function systemStatus(
  state: { readiness: Readiness | undefined; failed: boolean; loading: boolean },
  online: boolean,
): StatusReport {
  if (state.loading) {
    return { tone: 'pending', title: 'Checking the system…', detail: 'Asking the server.' };
  }
  if (state.readiness?.status === 'ready') {
    return {
      tone: 'ok',
      title: 'All systems operational',
      detail: 'The server and its database are answering.',
    };
  }
  if (state.readiness) {
    const failing = (Object.keys(checkNames) as Array<keyof Readiness['checks']>)
      .filter((name) => !state.readiness?.checks[name])
      .map((name) => checkNames[name]);
    return {
      tone: 'warning',
      title: 'The system is not ready',
      detail: `The server is running but ${failing.join(', ') || 'it is not ready yet'}. Try again in a minute.`,
    };
  }
  return {
    tone: 'error',
    title: 'The server cannot be reached',
    detail: online
      ? 'The server did not answer. Try again in a minute; if it persists, tell the back office.'
      : 'This device is offline, so the server cannot be checked.',
  };
}

/** The "connection" card: online, and nothing on this device waiting to be sent. */
export function connectionStatus(online: boolean, pending: number | null): StatusReport {
  const waiting = pending ?? 0;
  if (!online) {
    return {
      tone: 'error',
      title: 'Offline',
      detail:
        waiting > 0
          ? `This device has no connection. ${changes(waiting)} will be sent when it returns.`
          : 'This device has no connection. Pages that need the server will not load until it returns.',
    };
  }
  if (waiting > 0) {
    return {
      tone: 'warning',
      title: 'Synchronizing',
      detail: `Connected. ${changes(waiting)} on this device still waiting to be sent.`,
    };
  }
  return {
    tone: 'ok',
    title: 'Connected and synchronized',
    detail: 'This device is online and has nothing waiting to be sent.',
  };
}

function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}
