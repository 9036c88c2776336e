import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, userMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { Field, TextArea } from './field';

const EMPTY = { name: '', email: '', message: '' };

export default function QuestionPanel({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      // An empty question is stored as 'No question provided' (the shared schema does it).
      await api.interests.submitQuestion(values);
      toast({ title: 'Thank you for your interest!', description: "We'll contact you soon with workshop details.", variant: 'success' });
      setValues(EMPTY);
      onClose();
    } catch (err) {
      toast({ title: 'Submission failed', description: userMessage(err, 'Please try again or contact support.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="question-panel" className="qpanel" aria-labelledby="qpanel-title" data-testid="question-panel">
      <div className="qpanel-head">
        <h2 id="qpanel-title">Have Questions?</h2>
        <p>Ask us anything about the workshop. We usually reply within a day.</p>
      </div>
      <form onSubmit={submit} className="form">
        <Field ref={first} label="Name" name="name" autoComplete="name" required value={values.name} onChange={set('name')} />
        <Field label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} />
        <TextArea label="Your question (optional)" name="message" rows={3} value={values.message} onChange={set('message')} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Question'}
        </button>
      </form>
    </section>
  );
}
