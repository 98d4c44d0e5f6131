/** /privacy: what is stored about a person and why, read from the schema (docs/security.md "What we store"). */
import { PRIVACY } from '../../../contract/legal';
import { LegalText } from './LegalText';

export default function PrivacyPage() {
  return <LegalText page={PRIVACY} />;
}
