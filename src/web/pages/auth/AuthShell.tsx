import type { FormEvent, ReactNode } from 'react';

/** The frame of the sign-up and login screens: the brand panel beside the form. */
export function AuthShell({ onSubmit, children }: { onSubmit(e: FormEvent): void; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-shell card">
        <AuthAside />
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          {children}
        </form>
      </div>
    </main>
  );
}

/** The brand panel beside the sign-up and login forms on wide screens. */
function AuthAside() {
  return (
    <aside className="auth-aside">
      <h2>Your next role starts here.</h2>
      <p>Audition connects actors, models, singers and dancers with the studios casting them.</p>
      <ul>
        <li>Share your portfolio with studios in one link</li>
        <li>Talk directly with casting directors</li>
        <li>Apply to auditions in a tap</li>
      </ul>
    </aside>
  );
}
