/**
 * /subscription (docs/product.md §2, §4): the heading, three plan cards, and the payment overlay.
 * After a capture the overlay closes and the user data is asked for again, so the
 * heading and the card change without a reload.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG, planTexts } from '../../../contract/messages';
import type { CaptureAnswer, PaymentHistoryAnswer } from '../../../contract/payments';
import { DAY_MS, planChange } from '../../../contract/plan-change';
import { PLANS, type Plan } from '../../../contract/plans';
import type { UserProfile } from '../../../contract/profile';
import { ProfileShell } from '../../components/ProfileShell';
import { PROFILE_MENU } from '../../components/SideMenu';
import { useToast } from '../../components/Toasts';
import { usePaymentHistory } from '../../api/payment-history';
import { useUserData } from '../../api/user-data';
import { safeNextUrl } from '../../lib/next-path';
import { PaymentHistory } from './PaymentHistory';
import { PaymentOverlay } from './PaymentOverlay';
import { PlanCard } from './PlanCard';
import './subscription.css';
import { formatDay } from '../../lib/dates';

/** When the plan held ends: the history's end while still ahead, else from the polled days left. */
const planEnd = (iso: string | null | undefined, daysLeft: number) =>
  iso && Date.parse(iso) > Date.now() ? new Date(iso) : new Date(Date.now() + daysLeft * DAY_MS);

const day = { format: formatDay };

/**
 * What buying `plan` will do to the plan held, in words (the server works it out the same way).
 * `history` says which plan is queued, if one is (docs/product.md §11.10), and when the plan held ends.
 */
function changeText(user: UserProfile | null, plan: Plan, history: PaymentHistoryAnswer | undefined): { change: string; blocked: boolean } {
  const now = new Date();
  // A history read before the queued plan took over still names it and the old end: both are
  // taken only while still ahead, otherwise the whole days left of the profile, which is polled.
  const ahead = (iso: string | null | undefined) => (iso && Date.parse(iso) > now.getTime() ? new Date(iso) : null);
  const waiting = history?.payments.find((p) => ahead(p.startsAt));
  const end = ahead(history?.planEndsAt) ?? (user && user.daysLeft > 0 ? new Date(now.getTime() + user.daysLeft * DAY_MS) : null);
  const change = planChange({ name: user?.subscriptionName ?? '', price: user?.subscriptionPrice ?? 0, end, queued: waiting?.plan }, plan, now);
  switch (change.kind) {
    case 'new':
      return { change: planTexts.willStart(plan.name, day.format(change.endsAt)), blocked: false };
    case 'renew':
      return { change: planTexts.willRenew(plan.name, day.format(change.endsAt)), blocked: false };
    case 'upgrade':
      return { change: planTexts.willUpgrade(change.from, plan.name, change.creditDays, day.format(change.endsAt)), blocked: false };
    case 'queue':
      return { change: planTexts.willQueue(plan.name, change.current, day.format(change.startsAt), day.format(change.endsAt)), blocked: false };
    case 'queue-full':
      return { change: planTexts.queueFull(change.waiting, day.format(change.startsAt)), blocked: true };
  }
}

export default function SubscriptionPage() {
  const { user } = useUserData({ live: true });
  const history = usePaymentHistory();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const toast = useToast();
  const navigate = useNavigate();

  const handleClose = useCallback(() => setChosen(null), []);
  const handlePaid = useCallback(
    (answer: CaptureAnswer) => {
      setChosen(null);
      toast(answer.startsAt ? planTexts.paidQueued(answer.subscriptionName, day.format(new Date(answer.startsAt))) : planTexts.paid(answer.subscriptionName), 'success');
      // Checkout started from a job's apply form (?next=/jobs/{id}) goes back there, where the
      // draft waits (docs/applications.md, "Applying per role").
      const back = safeNextUrl(new URLSearchParams(window.location.search).get('next'));
      if (back) {
        // The checked URL is this site's own (next-path.ts); the router takes its path.
        const { pathname, search, hash } = new URL(back);
        navigate(pathname + search + hash);
        return;
      }
      // The result is the heading ("You have Gold subscription"): focus goes there once the
      // overlay is gone, not back to the plan's button, now disabled (docs/screens.md, "Focus after actions").
      window.setTimeout(() => document.getElementById('subscription-heading')?.focus(), 0);
    },
    [toast, navigate],
  );

  const subscribed = (user?.subscriptionPrice ?? 0) > 0;
  const isPurchased = (plan: Plan) => user !== null && user.subscriptionName === plan.name && user.daysLeft > 0;

  return (
    <ProfileShell user={user} menu={PROFILE_MENU}>
      <section className="subscription card" aria-labelledby="subscription-heading">
        <h1 id="subscription-heading" className="subscription-heading" aria-live="polite" tabIndex={-1}>
          {user === null ? MSG.loading : subscribed ? planTexts.youHave(user.subscriptionName) : MSG.notSubscribed}
        </h1>
        {user && subscribed && user.daysLeft > 0 ? (
          <p className="subscription-days muted" data-testid="plan-ends">
            {planTexts.endsOn(formatDay(planEnd(history.data?.planEndsAt, user.daysLeft)), user.daysLeft)}
          </p>
        ) : (
          <p className="subscription-days muted">Monthly plans. Pick the one that fits your next audition season.</p>
        )}
        <div className="plan-grid">
          {PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} purchased={isPurchased(plan)} onChoose={setChosen} />
          ))}
        </div>
      </section>
      <PaymentHistory />
      {chosen ? <PaymentOverlay plan={chosen} {...changeText(user, chosen, history.data)} onClose={handleClose} onPaid={handlePaid} /> : null}
    </ProfileShell>
  );
}
