import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config';
import { createSmsAdapter } from '../../adapters/sms/sms.adapter';
import { testConfig } from '../../../../tests/support/test-config';

describe('identity configuration', () => {
  it('has safe defaults: SMS login on, messages to the outbox', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      SMS_LOGIN_ENABLED: true,
      SMS_PROVIDER: 'outbox',
      TWILIO_API_BASE: 'https://api.twilio.com',
      SESSION_IDLE_MINUTES: 720,
      SESSION_MAX_HOURS: 336,
    });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('names every missing Twilio setting when SMS_PROVIDER=twilio', () => {
    expect(() => parseEnv({ SMS_PROVIDER: 'twilio' })).toThrow(ConfigError);
    try {
      parseEnv({ SMS_PROVIDER: 'twilio', TWILIO_FROM: '+447700900999' });
    } catch (error) {
      expect((error as Error).message).toContain(
        'TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio',
      );
      expect((error as Error).message).toContain(
        'TWILIO_AUTH_TOKEN: is required when SMS_PROVIDER=twilio',
      );
      expect((error as Error).message).not.toContain('TWILIO_FROM:');
    }
  });

  it('refuses a non-SMTP mail URL and an unknown provider', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    expect(() => parseEnv({ SMS_PROVIDER: 'pigeon' })).toThrow(
      'SMS_PROVIDER: must be outbox or twilio',
    );
  });
});

describe('Twilio-compatible SMS adapter', () => {
  it('posts form-encoded To, From, Body with basic auth to the Messages resource', async () => {
    const config = testConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+447700900999',
      TWILIO_API_BASE: 'https://sms.example.test/',
    });
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ sid: 'SM1' }), { status: 201 });
    }) as unknown as typeof fetch;
    const adapter = createSmsAdapter(config, fakeFetch);
    expect(await adapter.send({ to: '+447700900001', body: 'Hi & bye' })).toEqual({
      providerMessageId: 'SM1',
    });
    expect(calls[0]!.url).toBe('https://sms.example.test/2010-04-01/Accounts/AC123/Messages.json');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({
      To: '+447700900001',
      From: '+447700900999',
      Body: 'Hi & bye',
    });
  });

  it('turns a refusal into an error naming the status and the provider message', async () => {
    const config = testConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+447700900999',
    });
    const fakeFetch = (async () =>
      new Response(JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }), {
        status: 400,
      })) as unknown as typeof fetch;
    await expect(createSmsAdapter(config, fakeFetch).send({ to: 'x', body: 'y' })).rejects.toThrow(
      "SMS provider answered 400: The 'To' number is not valid.",
    );
  });
});
