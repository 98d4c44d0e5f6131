/** The past payments on /subscription: date, plan (a queued one with its start), amount charged and status (docs/product.md §11.10). */
import { MSG, planTexts } from '../../../contract/messages';
import { usePaymentHistory } from '../../api/payment-history';

import { formatDay, formatMoney } from '../../lib/dates';

export function PaymentHistory() {
  const history = usePaymentHistory();
  return (
    <section className="subscription card payment-history" aria-labelledby="history-heading">
      <h2 id="history-heading">{planTexts.historyHeading}</h2>
      {history.isPending ? (
        <p className="muted" role="status">{MSG.loading}</p>
      ) : !history.data?.payments.length ? (
        <p className="muted" data-testid="history-empty">{history.isError ? MSG.somethingWentWrong : planTexts.historyEmpty}</p>
      ) : (
        <div className="history-scroll">
          <table className="history-table">
            <thead>
              <tr><th scope="col">Date</th><th scope="col">Plan</th><th scope="col">Amount</th><th scope="col">Status</th></tr>
            </thead>
            <tbody>
              {history.data.payments.map((p) => (
                <tr key={p.orderId}>
                  <td>{formatDay(p.date)}</td>
                  <td>
                    {p.plan}
                    {p.startsAt ? <span className="muted"> ({planTexts.startsOn(formatDay(p.startsAt))})</span> : null}
                  </td>
                  <td>{formatMoney(p.amount, p.currency)} {p.currency}</td>
                  <td>{p.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
