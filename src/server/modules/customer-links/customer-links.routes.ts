import { certificateReply } from '../visits/visits.service';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeText } from '@shared/schema/text';
import { AppError } from '../../errors';
import { customerJourneyErrorCodes } from '@shared/error-codes';
import { customerPhotoUpload } from '@shared/customer-links/customer-form.contracts';
import { kitArrivedBody } from '@shared/customer-links/kit-arrived.contracts';
import {
  portalLinkBody,
  portalProofBody,
  rescheduleRequestBody,
} from '@shared/customer-links/portal.contracts';
import { publicLinkPurposes } from '@shared/public-links/public-links.contracts';
import {
  confirmKitArrived,
  customerFormPage,
  kitArrivedPage,
  requestLinkResend,
  submitCustomerForm,
} from './customer-links.service';
import { uploadCustomerPhoto } from './customer-photos.service';
import {
  isOrderOfCustomerEmail,
  portalView,
  provePortalBySignedLink,
  provePortalByPostcode,
  requestReschedule,
} from './portal-view.service';
import { requestPortalLink } from './portal-link-request.service';

/** Per client address, on every public token endpoint (issue 11). */
export const customerLinkRateLimits = {
  page: { max: 60, timeWindow: '1 minute' },
  send: { max: 20, timeWindow: '1 minute' },
  photo: { max: 20, timeWindow: '1 minute' },
  proof: { max: 10, timeWindow: '1 minute' },
  /** "Send me a link": each sends a text and an email, so a tighter limit (issue 18). */
  sendLink: { max: 5, timeWindow: '15 minutes' },
} as const;

export const portalCookieName = 'uplink_portal';
/** How long the portal stays open after the postcode or a signed link (decision 027). */
export const portalSessionMinutes = 120;

const tokenParams = z.object({ token: safeText().max(100) });
const orderParams = z.object({ orderNumber: safeText().min(1).max(40) });
const photoBodyLimit = 12 * 1024 * 1024;

export const customerLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const secure = deps.config.PUBLIC_URL.startsWith('https://');

  function openPortal(reply: FastifyReply, orderNumber: string) {
    const expires = Math.floor(Date.now() / 1000) + portalSessionMinutes * 60;
    reply.setCookie(portalCookieName, `${orderNumber}|${expires}`, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/api/public/portal',
      maxAge: portalSessionMinutes * 60,
    });
  }

  async function requirePortal(request: FastifyRequest, orderNumber: string) {
    const raw = request.cookies[portalCookieName];
    if (raw) {
      const unsigned = request.unsignCookie(raw);
      if (unsigned.valid && unsigned.value) {
        const [number, expires] = unsigned.value.split('|');
        if (number === orderNumber && Number(expires) * 1000 > Date.now()) return;
      }
    }
    const user = request.user;
    if (
      user &&
      [user.role, ...user.additionalRoles].includes('customer') &&
      (await isOrderOfCustomerEmail(deps, orderNumber, user.email))
    ) {
      return;
    }
    throw new AppError(
      401,
      customerJourneyErrorCodes.portalProofRequired,
      'Please confirm your postcode to see this order.',
    );
  }

  // The customer form.
  app.get(
    '/public/customer-form/:token',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.page },
      schema: { params: tokenParams },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return customerFormPage(deps, request.params.token);
    },
  );
  app.post(
    '/public/customer-form/:token',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.send },
      schema: { params: tokenParams, body: z.unknown() },
    },
    async (request) => submitCustomerForm(deps, request.params.token, request.body),
  );
  for (const purpose of publicLinkPurposes) {
    const path = purpose === 'customer_form' ? 'customer-form' : 'kit-arrived';
    app.post(
      `/public/${path}/:token/photos`,
      {
        bodyLimit: photoBodyLimit,
        config: { public: true, rateLimit: customerLinkRateLimits.photo },
        schema: { params: tokenParams, body: customerPhotoUpload },
      },
      async (request, reply) => {
        const saved = await uploadCustomerPhoto(
          deps,
          request.params.token,
          purpose,
          request.body.dataBase64,
        );
        return reply.code(201).send(saved);
      },
    );
  }

  // Kit arrived.
  app.get(
    '/public/kit-arrived/:token',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.page },
      schema: { params: tokenParams },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return kitArrivedPage(deps, request.params.token);
    },
  );
  app.post(
    '/public/kit-arrived/:token',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.send },
      schema: { params: tokenParams, body: kitArrivedBody },
    },
    async (request) => confirmKitArrived(deps, request.params.token, request.body),
  );

  // The customer portal.
  app.post(
    '/public/portal/:orderNumber/proof',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.proof },
      schema: { params: orderParams, body: portalProofBody },
    },
    async (request, reply) => {
      const number = await provePortalByPostcode(
        deps,
        request.params.orderNumber,
        request.body.postcode,
        request.ip,
      );
      openPortal(reply, number);
      return { ok: true };
    },
  );
  app.post(
    '/public/portal/:orderNumber/link',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.proof },
      schema: { params: orderParams, body: portalLinkBody },
    },
    async (request, reply) => {
      const number = provePortalBySignedLink(
        deps,
        request.params.orderNumber,
        request.body.e,
        request.body.s,
      );
      openPortal(reply, number);
      return { ok: true };
    },
  );
  // Issue 18: the postcode page's way in when the postcode is refused (or forgotten). The same
  // 202 for every number, known or not; the link goes to the contact on file only.
  app.post(
    '/public/portal/:orderNumber/send-link',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.sendLink },
      schema: { params: orderParams },
    },
    async (request, reply) => {
      await requestPortalLink(deps, request.params.orderNumber);
      return reply.code(202).send({ ok: true });
    },
  );
  app.get(
    '/public/portal/:orderNumber',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.page },
      schema: { params: orderParams },
    },
    async (request, reply) => {
      await requirePortal(request, request.params.orderNumber);
      reply.header('cache-control', 'no-store');
      return portalView(deps, request.params.orderNumber);
    },
  );
  // Issue 13: the completion certificate, the same PDF the partner and back office get.
  app.get(
    '/public/portal/:orderNumber/certificate.pdf',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.page },
      schema: { params: orderParams },
    },
    async (request, reply) => {
      await requirePortal(request, request.params.orderNumber);
      const pdf = await certificateReply(deps, null, request.params.orderNumber);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .send(pdf.bytes);
    },
  );
  app.post(
    '/public/portal/:orderNumber/reschedule-request',
    {
      config: { public: true, rateLimit: customerLinkRateLimits.send },
      schema: { params: orderParams, body: rescheduleRequestBody },
    },
    async (request, reply) => {
      await requirePortal(request, request.params.orderNumber);
      await requestReschedule(deps, request.params.orderNumber, request.body);
      return reply.code(201).send({ ok: true });
    },
  );

  // Back office asks for a fresh link to be sent (the messages module issues and sends it).
  app.post(
    '/orders/:id/links/:purpose/resend',
    {
      config: { roles: ['back_office'] as const },
      schema: { params: z.object({ id: z.uuid(), purpose: z.enum(publicLinkPurposes) }) },
    },
    async (request, reply) => {
      await requestLinkResend(
        deps.database.db,
        request.params.id,
        request.params.purpose,
        request.user!.id,
      );
      return reply.code(202).send({ ok: true });
    },
  );
};
