import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { commonErrorCodes } from '@shared/api-error';
import { isApiPathWebScreen } from '@shared/web-routes';
import { sendAppPage } from './app-page';

export const webDistDir = fileURLToPath(new URL('../../../dist/web', import.meta.url));

function isBrowserNavigation(request: FastifyRequest) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

function wantsWebApp(request: FastifyRequest) {
  const urlPath = request.url.split('?')[0] ?? '/';
  // A missing script or stylesheet is a 404, not the app's HTML under a .js name.
  if (urlPath.startsWith('/assets/')) return false;
  if (urlPath === '/api' || urlPath.startsWith('/api/')) {
    // Spec §2 screens that live under /api: a browser navigating there gets the web app.
    return isApiPathWebScreen(urlPath) && isBrowserNavigation(request);
  }
  return request.method === 'GET' || request.method === 'HEAD';
}

/**
 * Serves the built web app: hashed assets cached for a year, each as the Brotli or gzip copy
 * made at build time when the browser accepts it (decision 025); `index.html` (never cached)
 * for every client route, with the response's CSP nonce (app-page.ts). Unknown API paths stay
 * JSON 404s.
 *
 * `distDir` is read on every request, never resolved once: a rebuild swaps the dist/web
 * symlink to a new folder and the next request sees it.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { distDir?: string }) => {
  const distDir = opts.distDir ?? webDistDir;
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request (not a route per file found at start-up), so a rebuild's new
      // files are served by the running server.
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // A path ending in `/` names a folder (`/` itself, `/assets/`): with an Accept-Encoding
      // the plugin passes it to the not-found handler below, without one @fastify/send answered
      // 403 for a folder (issue 18: `GET /` without Accept-Encoding). Now both go the same way.
      // HTML goes out only as the app page below, with the response's CSP nonce (issue 18).
      allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.endsWith('.html'),
      setHeaders(reply, filePath) {
        const relative = path.relative(distDir, filePath);
        const hashed = relative.startsWith('assets' + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasBuild && wantsWebApp(request)) return sendAppPage(request, reply, distDir);
    return reply.status(404).send({
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: commonErrorCodes.notFound,
    });
  });
});
