import type { FastifyInstance, RouteOptions } from 'fastify';

export type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route as it is registered (Fastify's onRoute hook), with its schemas, so a test
 * can walk them all: a route added later is covered without anyone remembering to list it.
 * Call before registering routes.
 */
export function collectRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
    });
  });
}

/** The routes registered on this app (empty when collectRoutes was not called). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}
