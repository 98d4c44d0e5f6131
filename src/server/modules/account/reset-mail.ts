/** The e-mail that carries a password-reset link. */
import { ACCOUNT_LIMITS } from '../../../contract/account-limits.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';

export function resetMail(to: string, name: string, link: string): MailMessage {
  const minutes = ACCOUNT_LIMITS.resetLinkMinutes;
  return {
    to,
    subject: 'Reset your Audition password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your Audition account. To choose a new password, open this link:',
      link,
      '',
      `The link works once, for ${minutes} minutes. Setting a new password logs you out on every device.`,
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your Audition account. To choose a new password, open this link:</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once, for ${minutes} minutes. Setting a new password logs you out on every device.</p>
<p style="color:#6b6680">If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>
</body></html>`,
  };
}
