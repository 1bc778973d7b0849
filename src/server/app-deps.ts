// The types every module needs from the app, apart from app.ts so that importing them pulls in
// no routes (app.ts imports every module; the modules import only this).
import type { Role } from '@shared/roles';
import type { Adapters } from './adapters/adapters';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { AppLogger } from './log';
import type { EventBus } from './modules/events/events.service';

/** Who is signed in, as the session guard loads it for every /api request. */
export type AuthUser = {
  id: string;
  role: Role;
  additionalRoles: Role[];
  email: string;
  firstName: string;
  lastName: string;
  contractorId: string | null;
  sessionId: string;
};

/** What the server knows about its own start-up and shutdown, for /readyz and /healthz. */
export type AppState = {
  migrated: boolean;
  seeded: boolean;
  /** Stopping (SIGTERM): the health checks answer 503 so a proxy sends no new work here. */
  draining?: boolean;
};

/**
 * Everything a route, job or subscriber needs from outside the request: made once at start-up
 * (start-server.ts, or tests/support/test-app.ts) and closed at shutdown.
 */
export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  queue: JobQueue;
  /** Domain events after commit: modules subscribe here (docs/decisions/014). */
  events: EventBus;
  /** Mail, SMS and file storage. */
  adapters: Adapters;
  /** The app's logger (Fastify's), for work outside a request. */
  log: AppLogger;
  state: AppState;
};

/** What start-up makes before the app exists; buildApp adds its logger. */
export type AppDepsWithoutLog = Omit<AppDeps, 'log'>;

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyContextConfig {
    /** The route answers without a signed-in user. Every other /api route needs one. */
    public?: boolean;
    /** Only users holding one of these roles (main or additional) may call the route. */
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    /** The signed-in user, set by the session guard on the /api scope; null when signed out. */
    user: AuthUser | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */
