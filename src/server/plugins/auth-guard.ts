import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authErrorCodes } from '@shared/auth/auth.contracts';
import { AppError, forbidden, unauthenticated } from '../errors';
import { loadSession, readSessionToken } from '../modules/auth/session.service';

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart uploads (otherwise refused as a cross-site form post). */
    multipart?: boolean;
    /** A provider's webhook (server to server, form-encoded): it proves itself by a signature. */
    webhook?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
// The content types a cross-site <form> (or fetch without a preflight) can send.
const formTypes = ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data'];

const crossSite = () => new AppError(403, authErrorCodes.crossSite, 'Cross-site request refused');

function defaultPort(protocol: string) {
  return protocol === 'https:' ? '443' : '80';
}

/** host:port with the scheme's default port made explicit, for comparison. */
function hostKey(hostname: string, port: string, protocol: string) {
  return `${hostname.toLowerCase()}:${port || defaultPort(protocol)}`;
}

/**
 * Does the Origin (or Referer) name this site? Scheme, host and port must all match: either
 * PUBLIC_URL exactly, or (for a server reached by another name, such as 127.0.0.1 in
 * development, or Vite's port in `npm run dev`) the host the request came to, over the scheme
 * it came by. PUBLIC_URL's host with another scheme is refused (issue 9: http:// for an
 * https:// site is another origin).
 */
export function isSameSite(
  request: FastifyRequest,
  source: string,
  publicUrl: string,
  trustProxy = false,
): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  const site = new URL(publicUrl);
  if (url.origin === site.origin) return true;
  // PUBLIC_URL's host over another scheme is another origin (`npm run dev`'s other port is not).
  if (url.hostname.toLowerCase() === site.hostname.toLowerCase() && url.protocol !== site.protocol)
    return false;
  if (url.protocol !== `${request.protocol}:`) return false;
  const host =
    request.headers['x-forwarded-host'] && trustProxy
      ? String(request.headers['x-forwarded-host']).split(',')[0]!.trim()
      : request.headers.host;
  if (!host) return false;
  let requestHost: URL;
  try {
    requestHost = new URL(`${url.protocol}//${host}`);
  } catch {
    return false;
  }
  return (
    hostKey(url.hostname, url.port, url.protocol) ===
    hostKey(requestHost.hostname, requestHost.port, url.protocol)
  );
}

function checkCrossSite(request: FastifyRequest, publicUrl: string, trustProxy: boolean) {
  if (safeMethods.has(request.method)) return;
  if (request.routeOptions.config.webhook) return;
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  if (typeof origin === 'string' && origin !== '') {
    if (origin === 'null' || !isSameSite(request, origin, publicUrl, trustProxy)) throw crossSite();
  } else if (typeof referer === 'string' && referer !== '') {
    if (!isSameSite(request, referer, publicUrl, trustProxy)) throw crossSite();
  }
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (!type) return; // no body (logout) needs no content type
  if (type === 'multipart/form-data' && request.routeOptions.config.multipart) return;
  if (formTypes.includes(type)) throw crossSite();
}

/**
 * The guard on the whole /api scope (ARCHITECTURE.md convention 2): refuses cross-site
 * state-changing requests, loads the session from the cookie into `request.user`, and answers
 * 401 unless the route is `config.public`, 403 when `config.roles` excludes every role the
 * user holds.
 */
export const authGuardPlugin = fp(async (app: FastifyInstance) => {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const { config, database } = app.deps;
    checkCrossSite(request, config.PUBLIC_URL, config.TRUST_PROXY);
    request.user = null;
    const token = readSessionToken(request);
    if (token) request.user = await loadSession(database.db, config, token);
    const routeConfig = request.routeOptions.config;
    if (routeConfig.public) return;
    // Unknown /api paths fall through to the JSON 404 rather than a 401.
    if (!request.routeOptions.url) return;
    const user = request.user;
    if (!user) throw unauthenticated();
    const allowed = routeConfig.roles;
    if (allowed && ![user.role, ...user.additionalRoles].some((role) => allowed.includes(role))) {
      throw forbidden();
    }
  });
});
