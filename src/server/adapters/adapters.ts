import type { Config } from '../config';
import { createMailAdapter, type MailAdapter } from './mail/mail.adapter';
import { createSmsAdapter, type SmsAdapter } from './sms/sms.adapter';

/**
 * The outside world, made once at start-up from the configuration and closed at shutdown.
 * The storage adapter (uploads on disk or S3) joins here when it comes.
 */
export type Adapters = {
  mail: MailAdapter;
  sms: SmsAdapter;
};

export function createAdapters(config: Config): Adapters {
  return { mail: createMailAdapter(config), sms: createSmsAdapter(config) };
}

/** Closes whatever holds connections (the SMTP transport's pool). */
export async function closeAdapters(adapters: Adapters): Promise<void> {
  adapters.mail.close();
}
