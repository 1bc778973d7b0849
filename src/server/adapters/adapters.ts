import type { Config } from '../config';
import { createMailAdapter, type MailAdapter } from './mail/mail.adapter';
import { createSmsAdapter, type SmsAdapter } from './sms/sms.adapter';
import { createStorageAdapter, type StorageAdapter } from './storage/storage.adapter';

/**
 * The outside world, made once at start-up from the configuration and closed at shutdown.
 * Uploaded files go through `storage` (a folder under DATA_DIR, or S3; decision 037).
 */
export type Adapters = {
  mail: MailAdapter;
  sms: SmsAdapter;
  storage: StorageAdapter;
};

export function createAdapters(config: Config): Adapters {
  return {
    mail: createMailAdapter(config),
    sms: createSmsAdapter(config),
    storage: createStorageAdapter(config),
  };
}

/** Closes whatever holds connections (the SMTP transport's pool). */
export async function closeAdapters(adapters: Adapters): Promise<void> {
  adapters.mail.close();
}
