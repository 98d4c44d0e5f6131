/** The e-mail that carries a sign-up code. */
import { LIMITS } from '../../../contract/limits.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';


export function otpMail(to: string, name: string, code: string): MailMessage {
  const minutes = LIMITS.otpLifeMinutes;
  return {
    to,
    subject: `Your Audition verification code: ${code}`,
    text: [
      `Hello ${name},`,
      '',
      `Your Audition verification code is ${code}.`,
      `It is valid for ${minutes} minutes. Enter it in the Verify OTP window to finish signing up.`,
      '',
      'If you did not sign up for Audition, you can ignore this e-mail.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(name)},</p>
<p>Your Audition verification code is</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px">${code}</p>
<p>It is valid for ${minutes} minutes. Enter it in the Verify OTP window to finish signing up.</p>
<p style="color:#6b6680">If you did not sign up for Audition, you can ignore this e-mail.</p>
</body></html>`,
  };
}
