/**
 * /contact (docs/product.md §2, §4, §5, §9): Email, Number (digits) and a 7-row message, all
 * required. Sending shows the overlay; success shows its text for 3 s and clears the
 * form; failure shows its text for 3 s and keeps what was typed.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS } from '../../../contract/contact-limits';
import * as z from 'zod/mini';
import { contactFields } from '../../../contract/field-rules';
import { LIMITS } from '../../../contract/limits';
import { MSG } from '../../../contract/messages';
import { useSendContact } from '../../api/contact';
import { FormField, TextField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import './contact.css';

type Field = 'email' | 'number' | 'message';
const RULES = z.object(contactFields);
const IDS: Record<Field, string> = { email: 'contact-email', number: 'contact-number', message: 'contact-message' };
const EMPTY = { email: '', number: '', message: '' };
const LABELS: Record<Field, string> = { email: 'Email', number: 'Number', message: 'Message' };

export default function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  // An empty field is named at the field; anything else is the server's own rule and message.
  const fields = useFieldProblems(RULES, IDS, LABELS);
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const send = useSendContact({
    overlay: MSG.sending,
    onSuccess: () => {
      setForm(EMPTY);
      show('sent');
    },
    // The server's own rule about one field is said at that field.
    fields: LABELS,
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => {
      console.error('contact message failed', err);
      show('failed');
    },
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  function show(result: 'sent' | 'failed') {
    clearTimeout(timer.current);
    setOutcome(result);
    timer.current = setTimeout(() => setOutcome(null), LIMITS.contactMessageMs);
  }

  function handleChange(field: Field, value: string) {
    // Number is numeric (docs/product.md §2): anything but digits is dropped as it is typed.
    setForm((f) => ({ ...f, [field]: field === 'number' ? value.replace(/\D/g, '') : value }));
    fields.clear(field);
  }

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (send.isPending || !fields.check(form)) return;
    send.mutate({ email: form.email.trim(), number: form.number, message: form.message.trim() });
  }

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
        <TextField
          id={IDS.email} label="Email" type="email" autoComplete="email" required
          value={form.email} onChange={(e) => handleChange('email', e.target.value)} error={fields.problems.email}
        />
        <TextField
          id={IDS.number} label="Number" type="text" inputMode="numeric" autoComplete="tel" required
          maxLength={LIMITS.phoneMax} value={form.number} onChange={(e) => handleChange('number', e.target.value)} error={fields.problems.number}
        />
        <FormField id={IDS.message} label="Message" error={fields.problems.message}>
          {(a11y) => (
            <textarea
              className="textarea" rows={LIMITS.contactRows} required maxLength={CONTACT_LIMITS.messageMax}
              value={form.message} onChange={(e) => handleChange('message', e.target.value)} {...a11y}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-block" aria-disabled={send.isPending}>Send Message</button>
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
