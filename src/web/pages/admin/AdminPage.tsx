/**
 * /admin: the console for ADMIN_EMAILS (docs/account.md, docs/marketplace.md). Accounts by
 * kind, studios to verify, reported jobs to hide or restore, payments with totals by plan
 * and month, contact messages to mark handled. Everyone else gets the server's 403 message
 * and no console.
 */
import { ADMIN_TEXT } from '../../../contract/admin-texts';
import { MSG } from '../../../contract/messages';
import { useMarkContactHandled } from '../../api/mark-contact-handled';
import { useAdminContact, useAdminPayments, useAdminStats } from '../../api/admin-overview';
import { ApiError } from '../../api/client';
import { useToast } from '../../components/Toasts';
import { dateTime } from './date-time';
import { ReportedJobs } from './ReportedJobs';
import { StudiosToVerify } from './StudiosToVerify';
import './admin.css';


export default function AdminPage() {
  const stats = useAdminStats();

  if (stats.error) {
    const refused = stats.error instanceof ApiError && stats.error.status === 403;
    return (
      <main className="page admin-page">
        <h1>{ADMIN_TEXT.title}</h1>
        <p className="admin-refused" role="alert" data-testid="admin-refused">{refused ? MSG.adminOnly : stats.error.message}</p>
      </main>
    );
  }
  if (!stats.data) {
    return (
      <main className="page admin-page">
        <h1>{ADMIN_TEXT.title}</h1>
        <p role="status">{MSG.loading}</p>
      </main>
    );
  }

  return (
    <main className="page admin-page">
      <h1>{ADMIN_TEXT.title}</h1>
      <section className="card admin-section" aria-labelledby="admin-accounts">
        <h2 id="admin-accounts">{ADMIN_TEXT.accounts}</h2>
        <dl className="admin-counts">
          {Object.entries(stats.data.accounts).map(([kind, n]) => (
            <div key={kind}>
              <dt>{ADMIN_TEXT.kinds[kind] ?? kind}</dt>
              <dd data-testid={`accounts-${kind}`}>{n}</dd>
            </div>
          ))}
          <div>
            <dt>{ADMIN_TEXT.payments}</dt>
            <dd>{stats.data.payments}</dd>
          </div>
          <div>
            <dt>{ADMIN_TEXT.unhandled}</dt>
            <dd data-testid="unhandled-count">{stats.data.unhandledContact}</dd>
          </div>
        </dl>
      </section>
      <StudiosToVerify />
      <ReportedJobs />
      <Payments />
      <ContactMessages />
    </main>
  );
}

function Payments() {
  const payments = useAdminPayments();
  return (
    <section className="card admin-section" aria-labelledby="admin-payments">
      <h2 id="admin-payments">Payments</h2>
      {!payments.data ? (
        <p role="status">{payments.error ? payments.error.message : MSG.loading}</p>
      ) : (
        <>
          <h3>Totals by month and plan</h3>
          {payments.data.totals.length === 0 ? (
            <p className="muted">No payments yet.</p>
          ) : (
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Totals by month and plan">
              <table className="admin-table">
                <thead><tr><th scope="col">Month</th><th scope="col">Plan</th><th scope="col">Payments</th><th scope="col">Total (USD)</th></tr></thead>
                <tbody>
                  {payments.data.totals.map((t) => (
                    <tr key={`${t.month}-${t.plan}`}><td>{t.month}</td><td>{t.plan}</td><td>{t.count}</td><td>{t.amount}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3>Latest payments</h3>
          {payments.data.payments.length > 0 && (
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Latest payments">
              <table className="admin-table">
                <thead><tr><th scope="col">Date</th><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Type</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead>
                <tbody>
                  {payments.data.payments.map((p) => (
                    <tr key={p.id}>
                      <td>{dateTime(p.createdAt)}</td>
                      <td>{p.name || <span className="muted">{MSG.deletedAccount}</span>}</td>
                      <td>{p.email ?? '—'}</td>
                      <td>{p.type}</td>
                      <td>{p.amount}</td>
                      <td>{p.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function ContactMessages() {
  const toast = useToast();
  const messages = useAdminContact();
  const handled = useMarkContactHandled({ onError: (err) => toast(err.message) });
  return (
    <section className="card admin-section" aria-labelledby="admin-contact">
      <h2 id="admin-contact">Contact messages</h2>
      {!messages.data ? (
        <p role="status">{messages.error ? messages.error.message : MSG.loading}</p>
      ) : messages.data.messages.length === 0 ? (
        <p className="muted">No messages yet.</p>
      ) : (
        <ul className="admin-messages">
          {messages.data.messages.map((m) => (
            <li key={m.id} className={m.handledAt ? 'admin-message handled' : 'admin-message'} data-testid="contact-message">
              <p className="admin-message-head">
                <a href={`mailto:${m.email}`}>{m.email}</a> · {m.number} · <time dateTime={m.createdAt}>{dateTime(m.createdAt)}</time>
              </p>
              <p className="admin-message-text">{m.message}</p>
              {m.handledAt ? (
                <p className="muted">Handled {dateTime(m.handledAt)}</p>
              ) : (
                <button type="button" className="btn btn-secondary" disabled={handled.isPending} onClick={() => handled.mutate(m.id)}>
                  Mark handled
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
