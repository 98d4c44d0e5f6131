/** /settings, "Notifications": which kinds of notice are also e-mailed (docs/applications.md). Saved on each change. */
import { useState } from 'react';
import { APP_MSG } from '../../../contract/applications-messages';
import type { NotificationSettings } from '../../../contract/applications';
import { saveNotificationSettings, useNotificationSettings } from '../../api/notification-settings';
import { useUnsavedValues } from '../../lib/useUnsavedValues';
import { MSG } from '../../../contract/messages';

type Choice = { key: keyof NotificationSettings; label: string };
const PERFORMER_KINDS: readonly Choice[] = [
  { key: 'emailApplications', label: APP_MSG.emailApplications },
  { key: 'emailMessages', label: APP_MSG.emailMessages },
];
/** A studio has no applications of its own: it hears of its applicants instead. */
const STUDIO_KINDS: readonly Choice[] = [
  { key: 'emailApplicants', label: APP_MSG.emailApplicants },
  { key: 'emailMessages', label: APP_MSG.emailMessages },
];

export function NotificationChoices({ studio, onFailure }: { studio: boolean; onFailure(err: unknown): string | undefined }) {
  const kinds = studio ? STUDIO_KINDS : PERFORMER_KINDS;
  const settings = useNotificationSettings();
  const [status, setStatus] = useState<{ ok: boolean; msg: string } | null>(null);
  // The choices clicked and not yet saved: the query's update would reach the page a task
  // later, and until then a checkbox would not follow the click.
  const { unsaved, saving } = useUnsavedValues<NotificationSettings>();

  async function toggle(key: keyof NotificationSettings, value: boolean) {
    setStatus(null);
    try {
      await saving(key, value, () => saveNotificationSettings({ [key]: value }));
      setStatus({ ok: true, msg: APP_MSG.choicesSaved });
    } catch (err) {
      const msg = onFailure(err);
      if (msg) setStatus({ ok: false, msg });
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">{APP_MSG.notifications}</h2>
      {!settings.data ? (
        <p role="status">{settings.error ? settings.error.message : MSG.loading}</p>
      ) : (
        <fieldset className="settings-choices">
          <legend>{APP_MSG.emailChoices}</legend>
          {kinds.map(({ key, label }) => (
            <label key={key} className="settings-choice">
              <input type="checkbox" checked={unsaved[key] ?? settings.data[key] ?? true} onChange={(e) => void toggle(key, e.target.checked)} />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {status && <p role={status.ok ? 'status' : 'alert'} className={status.ok ? 'muted' : 'field-error'}>{status.msg}</p>}
    </section>
  );
}
