/**
 * /contact (docs/product.md §2, §4, §5, §9): Email, Number (digits) and a 7-row message, all
 * required. Sending shows the overlay; success shows its text for 3 s and clears the
 * form; failure shows its text for 3 s and keeps what was typed.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS } from '../../../contract/contact-limits';
import { contactFields, firstProblem } from '../../../contract/field-rules';
import { LIMITS } from '../../../contract/limits';
import { MSG } from '../../../contract/messages';
import { sendContact } from '../../api/contact';
import { useBusy } from '../../components/Busy';
import './contact.css';

type Field = 'email' | 'number' | 'message';
const EMPTY = { email: '', number: '', message: '' };
const LABELS: Record<Field, string> = { email: 'Email', number: 'Number', message: 'Message' };

function problemsOf(form: typeof EMPTY): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  for (const field of ['email', 'number', 'message'] as const) {
    // An empty field is named at the field; anything else is the server's own rule and message.
    const problem = form[field].trim() ? firstProblem(contactFields[field], form[field]) : MSG.required(LABELS[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

export default function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { run } = useBusy();

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(result: 'sent' | 'failed') {
    clearTimeout(timer.current);
    setOutcome(result);
    timer.current = setTimeout(() => setOutcome(null), LIMITS.contactMessageMs);
  }

  function handleChange(field: Field, value: string) {
    // Number is numeric (docs/product.md §2): anything but digits is dropped as it is typed.
    setForm((f) => ({ ...f, [field]: field === 'number' ? value.replace(/\D/g, '') : value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = problemsOf(form);
    setProblems(found);
    const first = (['email', 'number', 'message'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    try {
      await run(() => sendContact({ email: form.email.trim(), number: form.number, message: form.message.trim() }), 'Sending…');
      setForm(EMPTY);
      show('sent');
    } catch (err) {
      console.error('contact message failed', err);
      show('failed');
    }
  }

  const describedBy = (field: Field) => (problems[field] ? `contact-${field}-problem` : undefined);

  return (
    <main className="page contact-page">
      <section className="contact-intro">
        <h1>{MSG.contactHeading}</h1>
        <p className="contact-lead">
          Have a question about auditions, a studio or your subscription? An idea that would make Audition better? Write to us: we read every message and answer within two working days.
        </p>
        <ul className="contact-points">
          <li><strong>Performers</strong><span>Help with your profile, media and plans.</span></li>
          <li><strong>Studios</strong><span>List your studio and post your casting calls.</span></li>
          <li><strong>Press and partners</strong><span>Stories, events and collaborations.</span></li>
        </ul>
      </section>

      <form className="card contact-form" onSubmit={handleSubmit} noValidate aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Send us a message</h2>
        <div className="field">
          <label htmlFor="contact-email">Email</label>
          <input
            id="contact-email" className="input" type="email" autoComplete="email" required
            value={form.email} onChange={(e) => handleChange('email', e.target.value)}
            aria-invalid={Boolean(problems.email)} aria-describedby={describedBy('email')}
          />
          {problems.email && <p id="contact-email-problem" className="field-problem">{problems.email}</p>}
        </div>
        <div className="field">
          <label htmlFor="contact-number">Number</label>
          <input
            id="contact-number" className="input" type="text" inputMode="numeric" autoComplete="tel" required
            maxLength={LIMITS.phoneMax} value={form.number} onChange={(e) => handleChange('number', e.target.value)}
            aria-invalid={Boolean(problems.number)} aria-describedby={describedBy('number')}
          />
          {problems.number && <p id="contact-number-problem" className="field-problem">{problems.number}</p>}
        </div>
        <div className="field">
          <label htmlFor="contact-message">Message</label>
          <textarea
            id="contact-message" className="textarea" rows={LIMITS.contactRows} required
            maxLength={CONTACT_LIMITS.messageMax} value={form.message} onChange={(e) => handleChange('message', e.target.value)}
            aria-invalid={Boolean(problems.message)} aria-describedby={describedBy('message')}
          />
          {problems.message && <p id="contact-message-problem" className="field-problem">{problems.message}</p>}
        </div>
        <button type="submit" className="btn btn-block">Send Message</button>
        <div role="status" aria-live="polite" className="contact-outcome-slot">
          {outcome && (
            <p className={`contact-outcome contact-outcome-${outcome}`} data-testid="contact-outcome">
              {outcome === 'sent' ? MSG.contactSent : MSG.contactFailed}
            </p>
          )}
        </div>
      </form>
    </main>
  );
}
