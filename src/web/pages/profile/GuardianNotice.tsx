/**
 * On /profile, while a guardian's consent is awaited (docs/guardians.md, "Before consent"): what
 * is waiting and what it holds back, or that the guardian withdrew consent, with "Send the link
 * again". Its result (sent, or the server's refusal such as the hourly limit) takes the focus.
 * After consent it says what studios see. Nothing for an adult or a performer without a date.
 */
import { useEffect, useRef, useState } from 'react';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages';
import { useAge } from '../../api/age';
import { useResendGuardianLink } from '../../api/resend-guardian-link';
import { formatDay } from '../../lib/dates';

export function GuardianNotice() {
  const age = useAge();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const resend = useResendGuardianLink({
    onSuccess: () => setResult({ ok: true, text: GUARDIAN_MSG.linkSent }),
    onError: (err) => setResult({ ok: false, text: err.message }),
  });
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const guardian = age.data?.minor ? age.data.guardian : null;
  if (!guardian) return null;
  if (guardian.consentedAt) {
    return (
      <div className="guardian-notice" data-testid="guardian-notice">
        <p>{GUARDIAN_MSG.consented(guardian.name)}</p>
      </div>
    );
  }
  return (
    <div className="guardian-notice" data-testid="guardian-notice" role="region" aria-label={GUARDIAN_MSG.dobHeading}>
      {guardian.withdrawnAt && <p><strong>{GUARDIAN_MSG.withdrawnOn(guardian.name, formatDay(guardian.withdrawnAt))}</strong></p>}
      <p>{guardian.withdrawnAt ? GUARDIAN_MSG.consentNeeded : GUARDIAN_MSG.waiting(guardian.name)}</p>
      <button type="button" className="btn btn-secondary" disabled={resend.isPending} aria-busy={resend.isPending} onClick={() => resend.mutate()}>
        {GUARDIAN_MSG.sendAgain}
      </button>
      {result && (
        <p ref={resultRef} tabIndex={-1} role={result.ok ? 'status' : 'alert'} className={result.ok ? undefined : 'field-error'} data-testid="guardian-link-result">
          {result.text}
        </p>
      )}
    </div>
  );
}
