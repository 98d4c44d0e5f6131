import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <main className="page" style={{ textAlign: 'center', paddingTop: 'var(--space-8)' }}>
      <p className="muted" style={{ fontSize: 'var(--text-3xl)', fontWeight: 800, margin: 0 }}>404</p>
      <h1>This page is not on the call sheet</h1>
      <p className="muted">The address may be mistyped, or the page has moved.</p>
      <Link className="btn" to="/">Back to home</Link>
    </main>
  );
}
