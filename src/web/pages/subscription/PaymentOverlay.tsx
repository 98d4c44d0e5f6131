/**
 * The full-screen payment overlay (docs/product.md §2, §4 Payment flow): a cross that closes it,
 * the plan being bought, and the checkout widget for the payments mode. Failures are
 * shown in words, not only kept in state (docs/product.md §8, §11). A native modal <dialog>:
 * the page behind is inert, focus stays inside, Escape closes it, and focus returns to
 * the plan button.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { MSG, planTexts } from '../../../contract/messages';
import type { CaptureAnswer } from '../../../contract/payments';
import { SUBSCRIPTION_DAYS, type Plan } from '../../../contract/plans';
import { ApiError } from '../../api/client';
import { useAppConfig } from '../../api/config';
import { useCapturePaymentOrder, useCreatePaymentOrder } from '../../api/payments';
import { keepTabInside, useModalDialog } from '../../components/modal-dialog';
import type { CheckoutFailure, CheckoutProps } from './checkout';
import { DemoCheckout } from './DemoCheckout';

const PayPalCheckout = lazy(() => import('./PayPalCheckout'));

interface Props {
  plan: Plan;
  /** What this purchase will do to the plan held, said before paying. */
  change: string;
  /** A cheaper plan while a dearer one runs: said, and no checkout offered. */
  blocked: boolean;
  onClose(): void;
  onPaid(answer: CaptureAnswer): void;
}

interface Failure {
  kind: CheckoutFailure;
  detail?: string;
}

const failureText: Record<CheckoutFailure, string> = {
  script: MSG.paymentScriptFailed,
  render: MSG.paymentButtonsFailed,
  // docs/product.md §8 fixes this text, trailing space and spelling included.
  payment: MSG.paymentError,
};

export function PaymentOverlay({ plan, change, blocked, onClose, onPaid }: Props) {
  const configQuery = useAppConfig();
  const config = configQuery.data ?? null;
  const configFailed = configQuery.isError;
  const [failure, setFailure] = useState<Failure | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);

  const fail = useCallback((kind: CheckoutFailure, detail?: string) => {
    setFailure((previous) => ({ kind, detail: detail ?? (previous?.kind === kind ? previous.detail : undefined) }));
  }, []);
  const refused = (err: Error) => fail('payment', err instanceof ApiError ? err.message : undefined);
  const order = useCreatePaymentOrder({ onError: refused });
  const capture = useCapturePaymentOrder({ overlay: MSG.paymentConfirming, onSuccess: onPaid, onError: refused });
  const { mutateAsync: newOrder } = order;
  const { mutateAsync: captureOrder } = capture;

  // The checkout widget asks for the order's id as a promise; a refusal is said above and rethrown to it.
  const createOrder = useCallback(async () => {
    setFailure(null);
    return (await newOrder(plan.name)).id;
  }, [plan.name, newOrder]);
  // Resolves once the capture is done, as before the widget closes; its refusal is said by onError.
  const approve = useCallback(async (orderId: string) => void (await captureOrder(orderId).catch(() => undefined)), [captureOrder]);

  const checkout: CheckoutProps = { plan, createOrder, approve, fail };

  return (
    <dialog
      ref={ref}
      className="pay-overlay"
      aria-labelledby="pay-title"
      aria-describedby="pay-summary"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={keepTabInside}
    >
      <div className="pay-panel">
        <button type="button" className="icon-btn pay-close" aria-label="Close payment" onClick={onClose} data-autofocus="">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id="pay-title">{planTexts.go(plan.name)}</h2>
        <p id="pay-summary" className="pay-summary">
          <span className="pay-amount">${plan.priceUsd} USD</span>
          <span className="muted"> for {SUBSCRIPTION_DAYS} days of {plan.name}</span>
        </p>

        <p className="pay-change" data-testid="pay-change">{change}</p>

        {failure ? (
          <div className="pay-error" role="alert">
            <p>{failureText[failure.kind]}</p>
            {failure.kind === 'payment' && failure.detail ? <p className="pay-error-detail">{failure.detail}</p> : null}
          </div>
        ) : null}

        <div className="pay-widget">
          {blocked ? null : configFailed ? (
            <p className="pay-error" role="alert">{MSG.paymentSettingsFailed}</p>
          ) : !config ? (
            <p className="muted" role="status">{MSG.loading}</p>
          ) : config.paymentsMode === 'demo' ? (
            <DemoCheckout {...checkout} />
          ) : (
            <Suspense fallback={<p className="muted" role="status">{MSG.paypalLoading}</p>}>
              <PayPalCheckout config={config} {...checkout} />
            </Suspense>
          )}
        </div>
      </div>
    </dialog>
  );
}
