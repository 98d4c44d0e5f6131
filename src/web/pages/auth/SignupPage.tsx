/** /signup: the performer's sign-up (docs/product.md §2, §4, §5). */
import * as z from 'zod/mini';
import { Link } from 'react-router';
import { signupFields } from '../../../contract/field-rules';
import { SignupFlow } from './SignupFlow';
import { session } from '../../api/session';
import { WrongPlace } from '../../components/WrongPlace';

const signupRules = z.object(signupFields);

export default function SignupPage() {
  // A logged-in account is told so, not shown a second sign-up (docs/screens.md, "Wrong place, said").
  if (session.isLoggedIn()) return <WrongPlace reason="signedIn" />;
  return (
    <SignupFlow
      heading="Welcome to Audition"
      lead="Create your performer account in a minute."
      nameLabel="Fullname"
      nameAutoComplete="name"
      lowerCaseName
      rules={signupRules}
      kind="performer"
      more={
        // A casting director who landed here finds their own sign-up (issue 49 item 21).
        <p className="auth-switch">
          Casting? <Link to="/studio-signup">Create a studio account</Link>
        </p>
      }
    />
  );
}
