import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export type OutgoingEmail = { to: string; subject: string; text: string };

/** Email goes out through SMTP when SMTP_URL is set; otherwise it stays in the outbox table. */
export type MailAdapter = {
  kind: 'smtp' | 'outbox';
  send(email: OutgoingEmail): Promise<{ providerMessageId: string | null }>;
  close(): void;
};

export function createMailAdapter(config: Config): MailAdapter {
  if (!config.SMTP_URL) {
    return {
      kind: 'outbox',
      send: async () => ({ providerMessageId: null }),
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    kind: 'smtp',
    async send(email) {
      const info = await transport.sendMail({
        from: config.MAIL_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
      return { providerMessageId: info.messageId ?? null };
    },
    close: () => transport.close(),
  };
}
