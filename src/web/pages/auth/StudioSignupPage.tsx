/** /studio-signup: the sign-up of /signup, for a studio account (docs/marketplace.md). */
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { requiredText, signupFields } from '../../../contract/field-rules';
import { LIMITS } from '../../../contract/limits';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { SignupFlow } from './SignupFlow';
import { session } from '../../api/session';
import { WrongPlace } from '../../components/WrongPlace';

/** The studio's name keeps its letter case; the other fields follow the performer's rules. */
const studioSignupRules = z.object({ ...signupFields, fname: requiredText(MARKET_MSG.studioName, LIMITS.nameMax) });

export default function StudioSignupPage() {
  // A logged-in account is told so, not shown a second sign-up (docs/screens.md, "Wrong place, said").
  if (session.isLoggedIn()) return <WrongPlace reason="signedIn" />;
  return (
    <SignupFlow
      heading="Cast on Audition"
      lead="Create your studio account: post jobs and meet performers."
      nameLabel={MARKET_MSG.studioName}
      nameAutoComplete="organization"
      lowerCaseName={false}
      rules={studioSignupRules}
      kind="studio"
      more={
        <p className="auth-switch">
          A performer? <Link to="/signup">Create a performer account</Link>
        </p>
      }
    />
  );
}
