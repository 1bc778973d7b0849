import type { FastifyBaseLogger } from 'fastify';

/** What services and jobs log through: the app's (Fastify's pino) logger, or `silentLog`. */
export type AppLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** For processes without the app's logger (the CLI). */
export const silentLog: AppLogger = { info: () => {}, warn: () => {}, error: () => {} };
