/** The offline demo checkout (docs/product.md §12): the same create and capture calls, and no money moves. */
import { MSG } from '../../../contract/messages';
import type { CheckoutProps } from './checkout';

export function DemoCheckout({ createOrder, approve }: CheckoutProps) {
  async function handlePay() {
    let orderId: string;
    try {
      orderId = await createOrder();
    } catch {
      return; // already shown by the overlay
    }
    await approve(orderId);
  }

  return (
    <div className="demo-checkout">
      <p className="demo-notice">
        <strong>Demo mode.</strong> {MSG.demoNotice}
      </p>
      <button type="button" className="btn btn-block demo-pay" onClick={() => void handlePay()}>
        {MSG.demoCheckout}
      </button>
    </div>
  );
}
