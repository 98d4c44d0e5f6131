/**
 * Sends e-mail: through SMTP when SMTP_URL is set; otherwise each message is
 * printed to the log and written to DATA_DIR/mail/*.eml (the embedded default).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** Text a user typed, made safe to put in an e-mail's HTML. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go, when not to the sender (the contact form's visitor). */
  replyTo?: string;
  /** Files sent with it (a booking's calendar file, docs/slots.md). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(
  dir: string,
  from: string,
  log: (line: string) => void,
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`mail to ${message.to}: "${message.subject}" written to ${file}\n${message.text}`);
    },
    close: () => transport.close(),
  };
}
