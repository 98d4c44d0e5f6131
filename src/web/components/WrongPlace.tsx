/**
 * A page the account cannot use, said rather than redirected (docs/screens.md, "Wrong place,
 * said"): a performer on a studio's screen, a studio on a performer's, a logged-in account on
 * sign-up. It says why and links to where the account belongs; its heading takes the focus
 * like any page's (RouteFocus).
 */
import { Link } from 'react-router';
import { SCREEN_MSG } from '../../contract/screen-messages';
import { session } from '../api/session';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export type WrongPlaceReason = 'performerOnStudioPage' | 'studioOnPerformerPage' | 'roleTooLow' | 'signedIn';

export function WrongPlace({ reason }: { reason: WrongPlaceReason }) {
  const text = SCREEN_MSG.wrongPlace[reason];
  useDocumentTitle(text.title);
  return (
    <main className="page wrong-place" data-testid="wrong-place">
      <h1>{text.title}</h1>
      <p>{text.why}</p>
      <Link className="btn" to={reason === 'signedIn' && session.isStudio() ? '/dashboard' : text.to}>{text.link}</Link>
    </main>
  );
}
