import nodemailer from 'nodemailer';
import { countMailSent } from '../metrics.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends mail through the SMTP server SMTP_URL names (nodemailer: STARTTLS when the server offers it, TLS for
 * smtps://). Every wait is bounded: connecting, the greeting and each reply within `timeoutMs`, so a frozen
 * mail server fails a digest (tried again at a later round) instead of holding the node.
 */
export function createMailer(options: { smtpUrl: string; from: string; timeoutMs: number }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
      countMailSent();
    },
    close: () => transport.close(),
  };
}
