import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { forbidden } from '../../errors';
import { setSmsOptOutByPhone } from '../customers/customers.service';
import { inTransaction } from '../../db/transaction';
import { findSmsByProviderId, updateStatusByProviderId } from './customer-messages.repository';
import { publishMessageFailed } from './messages.service';
import { isValidTwilioSignature } from './twilio-signature';

const providerStatuses = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
} as const;

export const optOutWords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
export const optInWords = ['START', 'YES', 'UNSTOP'];

type FormBody = Record<string, string>;

/**
 * The SMS provider's webhooks (decision 030): public, server to server, form-encoded, and
 * accepted only with a valid X-Twilio-Signature. The signed URL is PUBLIC_URL plus the path the
 * provider was given, never the Host header (a proxy may change it).
 */
export const smsWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const params: FormBody = {};
      for (const [name, value] of new URLSearchParams(body as string)) params[name] = value;
      done(null, params);
    },
  );

  function verify(request: FastifyRequest): FormBody {
    const token = app.deps.config.TWILIO_AUTH_TOKEN;
    const body = (request.body ?? {}) as FormBody;
    const url = `${app.deps.config.PUBLIC_URL}${request.url}`;
    const header = request.headers['x-twilio-signature'];
    const signature = typeof header === 'string' ? header : undefined;
    if (
      !token ||
      typeof body !== 'object' ||
      !isValidTwilioSignature(token, url, body, signature)
    ) {
      throw forbidden('Invalid signature');
    }
    return body;
  }

  const config = { public: true, webhook: true, rateLimit: { max: 600, timeWindow: '1 minute' } };

  app.post('/webhooks/sms/status', { config }, async (request, reply) => {
    const body = verify(request);
    const sid = body.MessageSid ?? body.SmsSid;
    const status =
      providerStatuses[
        (body.MessageStatus ?? body.SmsStatus ?? '') as keyof typeof providerStatuses
      ];
    if (sid && status) {
      const error = body.ErrorCode ? `Provider error ${body.ErrorCode}` : null;
      const undelivered = status === 'failed' || status === 'undelivered';
      await inTransaction(app.deps.database.db, async (tx) => {
        const before = undelivered ? await findSmsByProviderId(tx, sid) : null;
        await updateStatusByProviderId(tx, sid, status, error);
        // The first final failure only: a repeated report tells back office nothing new.
        if (before && before.status !== 'failed' && before.status !== 'undelivered')
          await publishMessageFailed(tx, before, error ?? `The provider reported ${status}`);
      });
      if (body.ErrorCode === '21610' && body.To) {
        await setSmsOptOutByPhone(app.deps.database.db, body.To, true);
      }
    }
    return reply.code(204).send();
  });

  app.post('/webhooks/sms/inbound', { config }, async (request, reply) => {
    const body = verify(request);
    const word = (body.Body ?? '').trim().toUpperCase();
    const from = body.From;
    if (from && optOutWords.includes(word))
      await setSmsOptOutByPhone(app.deps.database.db, from, true);
    if (from && optInWords.includes(word))
      await setSmsOptOutByPhone(app.deps.database.db, from, false);
    return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
};
