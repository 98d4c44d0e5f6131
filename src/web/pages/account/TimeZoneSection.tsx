/**
 * /settings, "Time zone" (docs/account.md, "Time zone"): the zone this person's mails and
 * messages write times in, each person's own (a studio's member too). Until one is kept the
 * browser's zone is offered; the server refuses a zone Intl does not know, said at the field.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { timeZoneChoices, TIME_ZONE_MSG } from '../../../contract/time-zones';
import { MSG } from '../../../contract/messages';
import { useSaveTimeZone } from '../../api/save-time-zone';
import { useTimeZone } from '../../api/time-zone';
import { FormField } from '../../components/FormField';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { browserTimeZone } from '../../lib/zoned-time';

const FIELD_ID = 'settings-time-zone';
const IDS = { timeZone: FIELD_ID };

export function TimeZoneSection({ onFailure }: { onFailure(err: unknown): string | undefined }) {
  const kept = useTimeZone();
  const browser = browserTimeZone();
  const [chosen, setChosen] = useState<string | null>(null);
  // A select of known zones: the only problem is the server's (a zone Intl does not know).
  const fields = useFieldProblems(NO_RULES, IDS);
  const problem = fields.problems.timeZone;
  const [done, setDone] = useState<string>();
  const current = chosen ?? kept.data?.timeZone ?? browser ?? 'UTC';
  const save = useSaveTimeZone({
    onSuccess: () => setDone(TIME_ZONE_MSG.saved),
    fields: IDS,
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => {
      const msg = onFailure(err);
      if (msg) fields.setProblem('timeZone', msg);
    },
  });
  // The result's message takes the focus once shown (docs/screens.md, "Focus after actions").
  useEffect(() => {
    if (done) window.setTimeout(() => document.getElementById('time-zone-saved')?.focus(), 0);
  }, [done]);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    setDone(undefined);
    fields.reset();
    save.mutate(current);
  }

  return (
    <form className="card settings-section" onSubmit={handleSubmit} noValidate aria-labelledby="settings-zone" data-testid="time-zone-section">
      <h2 id="settings-zone">{TIME_ZONE_MSG.title}</h2>
      <div role="status" aria-live="polite">{done && <p className="form-note" id="time-zone-saved" tabIndex={-1}>{done}</p>}</div>
      {!kept.data ? (
        <p role="status">{kept.error ? kept.error.message : MSG.loading}</p>
      ) : (
        <>
          <FormField id={FIELD_ID} label={TIME_ZONE_MSG.label} error={problem} hint={`${TIME_ZONE_MSG.hint}${browser ? ` ${TIME_ZONE_MSG.fromBrowser(browser)}` : ''}`}>
            {(a11y) => (
              <select className="select" value={current} onChange={(e) => { setChosen(e.target.value); fields.clear('timeZone'); setDone(undefined); }} {...a11y}>
                {timeZoneChoices(current).map((z) => <option key={z} value={z}>{z.replaceAll('_', ' ')}</option>)}
              </select>
            )}
          </FormField>
          <button type="submit" className="btn" aria-disabled={save.isPending}>{TIME_ZONE_MSG.save}</button>
        </>
      )}
    </form>
  );
}
