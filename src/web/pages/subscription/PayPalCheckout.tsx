/**
 * The PayPal buttons in vertical layout (docs/product.md §2, §4), loaded only when a PayPal
 * checkout opens. The SDK address and client id come from /api/config; the order is
 * created and captured by our server, never in the browser. The four script loading
 * states of docs/product.md §4 are the provider's reducer states.
 */
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { MSG } from '../../../contract/messages';
import { PAYMENT_CURRENCY } from '../../../contract/plans';
import type { AppConfig } from '../../../contract/config';
import type { CheckoutProps } from './checkout';

/** react-paypal-js 10 reports a failed render with this prefix (checked in its source; docs/product.md §8). */
const RENDER_FAILURE = /Failed to render <PayPalButtons/;

/** The page's CSP nonce (see src/server/plugins/web-app.ts): PayPal's SDK marks the styles it injects with it. */
const cspNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;

export default function PayPalCheckout({ config, ...checkout }: CheckoutProps & { config: AppConfig }) {
  return (
    <PayPalScriptProvider
      options={{
        ...(cspNonce ? { dataCspNonce: cspNonce } : {}),
        clientId: config.paypalClientId,
        sdkBaseUrl: config.paypalSdkUrl,
        currency: PAYMENT_CURRENCY,
        intent: 'capture',
        components: 'buttons',
      }}
    >
      <Buttons {...checkout} />
    </PayPalScriptProvider>
  );
}

function Buttons({ plan, createOrder, approve, fail }: CheckoutProps) {
  const [{ isInitial, isPending, isRejected }] = usePayPalScriptReducer();

  if (isInitial || isPending) {
    return (
      <p className="paypal-loading muted" role="status">
        <span className="paypal-spinner" aria-hidden="true" /> {MSG.paypalLoading}
      </p>
    );
  }
  if (isRejected) {
    return <p className="pay-error" role="alert">{MSG.paymentScriptFailed}</p>;
  }
  return (
    <div className="paypal-buttons">
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'pill', label: 'pay' }}
        forceReRender={[plan.name]}
        createOrder={() => createOrder()}
        onApprove={(data) => approve(data.orderID)}
        onError={(err) => {
          const message = typeof err?.message === 'string' ? err.message : '';
          if (RENDER_FAILURE.test(message)) fail('render', message);
          else fail('payment');
        }}
      >
        {/* The provider says this button is not eligible: the widget stays hidden. */}
        <p className="muted paypal-ineligible">{MSG.paypalIneligible}</p>
      </PayPalButtons>
    </div>
  );
}
