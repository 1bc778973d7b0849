import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The `/api` scope. Each area registers its routes here; the authentication guard hook lives
 * on this scope so that a new route is protected unless it opts out with `config.public`.
 */
export const apiRoutes: FastifyPluginAsyncZod = async () => {};
