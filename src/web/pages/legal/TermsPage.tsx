/** /terms: the terms of use, in plain words (docs/security.md "What we store"). */
import { TERMS } from '../../../contract/legal';
import { LegalText } from './LegalText';

export default function TermsPage() {
  return <LegalText page={TERMS} />;
}
