/** The e-mail that forwards a contact message to CONTACT_TO. */
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';


export interface ContactMessage {
  email: string;
  number: string;
  message: string;
}

export function contactMail(to: string, m: ContactMessage): MailMessage {
  return {
    to,
    replyTo: m.email,
    // The visitor's text never goes into a header: only their checked e-mail address does.
    subject: `Audition contact message from ${m.email}`,
    text: [`From: ${m.email}`, `Number: ${m.number}`, '', m.message].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p><strong>From:</strong> ${escapeHtml(m.email)}<br><strong>Number:</strong> ${escapeHtml(m.number)}</p>
<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>
</body></html>`,
  };
}
