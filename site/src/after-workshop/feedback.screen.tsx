import { FEEDBACK_COMMENT_MAX, FEEDBACK_MESSAGES, feedbackInputSchema, formatEventDate } from '@workshop/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { TextArea } from '../components/field';
import { api, ApiError } from '../lib/api';
import '../styles/forms.css';
import '../styles/pages.css';
import { SeatMissing } from './seat-missing';
import { useLoad } from './use-load';

const LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** The one-question feedback form of a seat (issue 26, point 7): 1 to 5 and a comment, changeable for 14 days after the end. */
export default function FeedbackScreen() {
  const { token = '' } = useParams();
  const [load, setView] = useLoad(() => api.afterWorkshop.feedback(token), token);
  const view = load.state === 'ok' ? load.value : undefined;
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; form?: string }>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!view) return;
    setRating(view.rating);
    setComment(view.comment);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the answer so far, once loaded
  }, [load.state]);

  if (load.state === 'loading') return <section className="container narrow booking-page" aria-busy="true" aria-label="Loading the feedback form" />;
  if (!view) return <SeatMissing missing={load.state === 'missing'} what="feedback" />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const parsed = feedbackInputSchema.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) {
      const by = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ rating: by('rating'), comment: by('comment') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setView(await api.afterWorkshop.saveFeedback(token, parsed.data));
      setSaved(true);
    } catch (err) {
      setErrors({ form: err instanceof ApiError ? err.message : 'Your feedback could not be sent. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const open = view.state === 'open';
  return (
    <section className="container narrow booking-page" data-testid="feedback-page" data-state={view.state}>
      <p className="muted">Your feedback</p>
      <h1>{view.title}</h1>
      {view.state === 'not_yet' && <p className="notice notice-warn">{FEEDBACK_MESSAGES.notYet}</p>}
      {view.state === 'closed' && <p className="notice notice-warn">{FEEDBACK_MESSAGES.closed}</p>}
      <form className="form card" onSubmit={submit} noValidate aria-label="Rate the workshop">
        <fieldset className="rating" disabled={!open} aria-describedby={errors.rating ? 'rating-error' : undefined}>
          <legend>How was the workshop?</legend>
          <div className="rating-choices">
            {LABELS.map((label, i) => (
              <label key={label} className={rating === i + 1 ? 'rating-choice rating-on' : 'rating-choice'}>
                <input type="radio" name="rating" value={i + 1} checked={rating === i + 1} onChange={() => setRating(i + 1)} />
                <span className="rating-number">{i + 1}</span>
                <span className="rating-label">{label}</span>
              </label>
            ))}
          </div>
          {errors.rating && (
            <p id="rating-error" className="field-error" role="alert">
              {errors.rating}
            </p>
          )}
        </fieldset>
        <TextArea label="Anything to keep or change? (optional)" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={FEEDBACK_COMMENT_MAX} error={errors.comment} disabled={!open} rows={5} />
        {open && (
          <p className="field-hint">
            {comment.length.toLocaleString('en-US')} / {FEEDBACK_COMMENT_MAX.toLocaleString('en-US')} characters · you can change your answer until {formatEventDate(view.editable_until)}
          </p>
        )}
        {errors.form && (
          <p className="notice notice-warn" role="alert">
            {errors.form}
          </p>
        )}
        {saved && (
          <p className="notice notice-ok" role="status" data-testid="feedback-saved">
            {FEEDBACK_MESSAGES.saved}
          </p>
        )}
        {open && (
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="feedback-submit">
            {view.rating === null ? 'Send feedback' : 'Update feedback'}
          </button>
        )}
      </form>
    </section>
  );
}
