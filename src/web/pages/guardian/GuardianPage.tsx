/**
 * /guardian/{token}: a parent or guardian's consent for a young performer, no account needed
 * (docs/guardians.md, "The consent link"). It says plainly what the account is, what studios
 * will see, what is kept and that consent can be withdrawn; then "I consent", or, once given,
 * "Withdraw consent" (asked once: it tells studios and withdraws applications). A dead link
 * (410) and an unknown one (404) each say so. The result of an answer takes the focus.
 */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages';
import { MSG } from '../../../contract/messages';
import type { GuardianAnswer } from '../../../contract/guardians';
import { useAnswerGuardianLink } from '../../api/answer-guardian-link';
import { errorCode } from '../../api/client';
import { useGuardianLink } from '../../api/guardian-link';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDay } from '../../lib/dates';
import './guardian.css';

export default function GuardianPage() {
  const { token = '' } = useParams();
  const link = useGuardianLink(token);
  const code = errorCode(link.error);
  return (
    <main className="page guardian-page">
      <h1>{GUARDIAN_MSG.pageTitle}</h1>
      {link.isPending && <p role="status">{MSG.loading}</p>}
      {link.isError && (
        <p role="alert" data-testid="guardian-link-problem">
          {code === 'guardian_link_dead' ? GUARDIAN_MSG.linkDead : code === 'not_found' ? GUARDIAN_MSG.linkNotFound : link.error.message}
        </p>
      )}
      {link.data && <Consent token={token} link={link.data} />}
    </main>
  );
}

function Consent({ token, link }: { token: string; link: GuardianAnswer }) {
  const name = link.performer.name;
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const answer = useAnswerGuardianLink(token, {
    onSuccess: (_a, choice) => setResult({ ok: true, text: choice === 'consent' ? GUARDIAN_MSG.consentDone : GUARDIAN_MSG.withdrawnDone }),
    onError: (err) => setResult({ ok: false, text: errorCode(err) === 'guardian_link_dead' ? GUARDIAN_MSG.linkDead : err.message }),
  });
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  return (
    <>
      <section aria-labelledby="guardian-account">
        <h2 id="guardian-account">{GUARDIAN_MSG.pageAccountHeading}</h2>
        <p>{GUARDIAN_MSG.pageIntro(name)}</p>
      </section>
      <section aria-labelledby="guardian-studios">
        <h2 id="guardian-studios">{GUARDIAN_MSG.pageStudiosHeading}</h2>
        <p>{GUARDIAN_MSG.pageWhatStudiosSee}</p>
        <p>{GUARDIAN_MSG.pageCopies}</p>
      </section>
      <section aria-labelledby="guardian-kept">
        <h2 id="guardian-kept">{GUARDIAN_MSG.pageKeptHeading}</h2>
        <p>{GUARDIAN_MSG.pageKept}</p>
      </section>
      <section aria-labelledby="guardian-withdraw">
        <h2 id="guardian-withdraw">{GUARDIAN_MSG.pageWithdrawHeading}</h2>
        <p>{GUARDIAN_MSG.pageWithdraw}</p>
        <p>{GUARDIAN_MSG.pageUntil18}</p>
      </section>
      <div className="guardian-page-answer card">
        <p data-testid="guardian-state">{link.consentedAt ? GUARDIAN_MSG.consentedOn(formatDay(link.consentedAt)) : GUARDIAN_MSG.notConsentedYet}</p>
        {link.consentedAt ? (
          <button type="button" className="btn btn-secondary" disabled={answer.isPending} aria-busy={answer.isPending} onClick={() => setAsking(true)}>
            {GUARDIAN_MSG.withdrawButton}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={answer.isPending} aria-busy={answer.isPending} onClick={() => answer.mutate('consent')}>
            {GUARDIAN_MSG.consentButton}
          </button>
        )}
        {result && (
          <p ref={resultRef} tabIndex={-1} role={result.ok ? 'status' : 'alert'} className={result.ok ? 'guardian-page-result' : 'field-error'} data-testid="guardian-result">
            {result.text}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={GUARDIAN_MSG.withdrawConfirmTitle}
        message={GUARDIAN_MSG.withdrawConfirm(name)}
        confirmLabel={GUARDIAN_MSG.withdrawButton}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          answer.mutate('withdraw');
        }}
      />
    </>
  );
}
