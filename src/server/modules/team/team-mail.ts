/** The e-mail that invites someone into a studio's casting office (docs/team.md). */
import { TEAM_LIMITS, TEAM_MSG, type MemberRole } from '../../../contract/team-messages.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';

export function invitationMail(to: string, studioName: string, role: MemberRole, link: string): MailMessage {
  const days = TEAM_LIMITS.invitationDays;
  const roleName = TEAM_MSG.roleName[role];
  return {
    to,
    subject: `${studioName} invites you to their casting team on Audition`,
    text: [
      'Hello,',
      '',
      `${studioName} invites you to join their casting team on Audition as ${roleName}. To set your name and password, open this link:`,
      link,
      '',
      `The link works once, for ${days} days.`,
      'If you did not expect this, you can ignore this e-mail.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello,</p>
<p>${escapeHtml(studioName)} invites you to join their casting team on Audition as ${escapeHtml(roleName)}. To set your name and password, open this link:</p>
<p><a href="${escapeHtml(link)}">Join the team</a></p>
<p>The link works once, for ${days} days.</p>
<p style="color:#6b6680">If you did not expect this, you can ignore this e-mail.</p>
</body></html>`,
  };
}

/** Told to each member when the studio's owner deletes the account (docs/team.md, "Export and deletion"). */
export function studioClosedMail(to: string, name: string, studioName: string): MailMessage {
  return {
    to,
    subject: `${studioName} closed its Audition account`,
    text: [
      `Hello ${name},`,
      '',
      `${studioName} deleted its Audition account. Your login to its casting team was removed with it, and the e-mail address is free to use again.`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1933">
<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(studioName)} deleted its Audition account. Your login to its casting team was removed with it, and the e-mail address is free to use again.</p>
</body></html>`,
  };
}
