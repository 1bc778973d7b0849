import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// The security headers (helmet) on every response. @fastify/helmet built helmet's middleware
// anew on every request (parsing the CSP directives each time); here it is built once, and its
// directives that are functions (the map tile origin, the response's nonce) are still asked on
// every response, so the headers are the same (decision 077).

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const middleware = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    middleware(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
});
