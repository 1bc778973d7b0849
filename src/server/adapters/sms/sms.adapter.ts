import type { Config } from '../../config';

/** `statusCallback`: where the provider reports delivery (POST /api/webhooks/sms/status). */
export type OutgoingSms = { to: string; body: string; statusCallback?: string };

/** Texts go through a Twilio-compatible API when SMS_PROVIDER=twilio; otherwise the outbox. */
export type SmsAdapter = {
  kind: 'twilio' | 'outbox';
  send(sms: OutgoingSms): Promise<{ providerMessageId: string | null }>;
};

export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** The provider's error code, such as 21610 (the number replied STOP). */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

export function createSmsAdapter(config: Config, fetchImpl: typeof fetch = fetch): SmsAdapter {
  if (config.SMS_PROVIDER !== 'twilio') {
    return { kind: 'outbox', send: async () => ({ providerMessageId: null }) };
  }
  const sid = config.TWILIO_ACCOUNT_SID!;
  const token = config.TWILIO_AUTH_TOKEN!;
  const from = config.TWILIO_FROM!;
  const base = config.TWILIO_API_BASE.replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(sms) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({
            To: sms.to,
            From: from,
            Body: sms.body,
            ...(sms.statusCallback ? { StatusCallback: sms.statusCallback } : {}),
          }).toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new SmsProviderError(`SMS provider unreachable: ${(error as Error).message}`, null);
      }
      const text = await response.text();
      let body: { sid?: unknown; message?: unknown; code?: unknown } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // Not JSON: keep the text for the error.
      }
      if (!response.ok) {
        const detail = typeof body.message === 'string' ? body.message : text.slice(0, 200);
        throw new SmsProviderError(
          `SMS provider answered ${response.status}: ${detail}`,
          response.status,
          typeof body.code === 'number' ? body.code : null,
        );
      }
      return { providerMessageId: typeof body.sid === 'string' ? body.sid : null };
    },
  };
}
