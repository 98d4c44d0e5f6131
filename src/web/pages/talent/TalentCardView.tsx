/** A performer's card: picture, name (opens the portfolio), profession and the rest in one line. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TalentCard } from '../../../contract/talent';
import { personName, initialOf } from '../../../contract/names';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages';
import { heightShown } from '../../../contract/units';

export function TalentCardView({ p, children }: { p: TalentCard; children?: ReactNode }) {
  const facts = [p.category, p.gender, p.location, p.age && `Age ${p.age}`, heightShown(p.height)].filter(Boolean);
  return (
    <li className="card talent-card">
      <div className="talent-card-head">
        {p.profilePic ? <img className="talent-pic" src={p.profilePic} alt="" loading="lazy" /> : <span className="talent-pic" aria-hidden="true">{initialOf(p.fname)}</span>}
        <div className="talent-card-name">
          <h2><Link to={`/talent/${p._id}`}>{personName(p.fname)}</Link></h2>
          <p className="muted">{facts.join(' · ')}</p>
          {p.minor && <p className="muted">{GUARDIAN_MSG.minorLabel}</p>}
        </div>
      </div>
      {children && <div className="talent-card-actions">{children}</div>}
    </li>
  );
}
