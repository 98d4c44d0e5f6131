/**
 * A real SMTP server on loopback that keeps every message it receives, so tests
 * read the e-mails the app really sent.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attached files, as text. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** While true, every recipient is refused with 451 (a mail server that says "try later"). */
  refusing: boolean;
  /** Waits for the newest message to `to` received after `since` messages. */
  waitFor(to: string, opts?: { timeoutMs?: number; since?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(onMail?: (mail: ReceivedMail) => void): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const address of to) {
            const mail = {
              to: address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
            };
            messages.push(mail);
            onMail?.(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    async waitFor(to, { timeoutMs = 10_000, since = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(since).filter((m) => m.to === to.toLowerCase()).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 4-digit code in a sign-up e-mail. */
export function codeIn(mail: ReceivedMail): string {
  const match = /\b(\d{4})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1]!;
}
