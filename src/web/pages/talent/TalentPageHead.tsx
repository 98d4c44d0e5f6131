/** The head of the studio's talent pages: the page's title, its own links, and the way back to the dashboard (docs/talent.md). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MARKET_MSG } from '../../../contract/marketplace-messages';

export function TalentPageHead({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="dashboard-head">
      <h1>{title}</h1>
      <div className="dashboard-actions">
        {children}
        <Link to="/dashboard" className="btn btn-ghost">{MARKET_MSG.dashboard}</Link>
      </div>
    </header>
  );
}
