import { PRIVACY_KIND_LABELS, PRIVACY_MESSAGES, PRIVACY_REQUEST_KINDS, type PrivacyRequestKind, privacyRequestInputSchema } from '@workshop/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../components/field';
import { api, ApiError } from '../lib/api';
import '../styles/forms.css';
import '../styles/pages.css';

const KIND_HINTS: Record<PrivacyRequestKind, string> = {
  export: 'Bookings, payments and refunds, the emails we sent you, what you asked us, your feedback and certificates: to read, and to keep as a file.',
  erasure: 'We erase your name, address, phone and everything tied to them. Payment records and invoices stay for 7 years, as tax law requires.',
};

/**
 * "Your data" (issue 27, point 2): a person asks for a copy of what we hold about their email
 * address, or for its erasure; the answer comes only through a link sent to that address, so the
 * form says the same whatever the address.
 */
export default function YourDataScreen() {
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<PrivacyRequestKind>('export');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = privacyRequestInputSchema.safeParse({ email, kind });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api.privacy.request(parsed.data);
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your request could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="container narrow booking-page" data-testid="your-data-page">
      <h1>Your data</h1>
      <p>Ask for a copy of everything we hold about your email address, or for its erasure. We send a link to that address first: only its inbox can confirm the request.</p>
      {sent ? (
        <p className="notice notice-ok" role="status" data-testid="your-data-sent">
          {PRIVACY_MESSAGES.sent}
        </p>
      ) : (
        <form className="form card" onSubmit={submit} noValidate aria-label="Ask about your data">
          <fieldset className="choices" data-testid="your-data-kind">
            <legend>What are you asking for?</legend>
            {PRIVACY_REQUEST_KINDS.map((k) => (
              <label key={k} className={`choice ${kind === k ? 'choice-on' : ''}`}>
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                <span className="choice-body">
                  <span className="choice-title">{PRIVACY_KIND_LABELS[k]}</span>
                  <span className="choice-meta">{KIND_HINTS[k]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Field label="Your email address" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="your-data-submit">
            Send me a confirmation link
          </button>
        </form>
      )}
      <p className="muted">
        A question about your data? Write to us from the <Link to="/contact">contact page</Link>.
      </p>
    </section>
  );
}
