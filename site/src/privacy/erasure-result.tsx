import { formatShortDate, PRIVACY_MESSAGES, type PrivacyConfirmResult, type PrivacyErased } from '@workshop/shared';

type ErasureAnswer = Extract<PrivacyConfirmResult, { kind: 'erasure' }>;

const ERASED_LABELS: Record<keyof PrivacyErased, [string, string]> = {
  bookings: ['booking', 'bookings'],
  seats: ['seat', 'seats'],
  emails: ['email we sent you', 'emails we sent you'],
  interests: ['message or question', 'messages and questions'],
  video_leads: ['preview video sign-up', 'preview video sign-ups'],
  waitlist: ['waitlist place', 'waitlist places'],
  revive: ['follow-up entry', 'follow-up entries'],
  checkout_follow_ups: ['checkout reminder', 'checkout reminders'],
  feedback: ['feedback comment', 'feedback comments'],
  certificates: ['certificate', 'certificates'],
};

/** What an erasure did (or why it did not): what went, what the law keeps and why. */
export function ErasureResult({ answer }: { answer: ErasureAnswer }) {
  if (answer.outcome === 'blocked') {
    return (
      <div className="privacy-summary">
        <p className="notice notice-warn" role="alert" data-testid="privacy-blocked">
          {PRIVACY_MESSAGES.blocked}
        </p>
        <ul data-testid="privacy-blocking">
          {answer.blocking.map((b, i) => (
            <li key={i}>
              {b.workshop} ({formatShortDate(b.workshop_date)})
            </li>
          ))}
        </ul>
        <p className="muted">Nothing was erased. This link keeps working for 24 hours from when you asked.</p>
      </div>
    );
  }
  if (!answer.held) {
    return (
      <p className="notice notice-ok" data-testid="privacy-nothing">
        {PRIVACY_MESSAGES.nothingHeld}
      </p>
    );
  }
  const erased = (Object.keys(ERASED_LABELS) as (keyof PrivacyErased)[]).filter((k) => answer.erased[k] > 0);
  return (
    <div className="privacy-summary">
      <p className="notice notice-ok" role="status" data-testid="privacy-erased">
        {PRIVACY_MESSAGES.erased}
      </p>
      <h2>What we erased</h2>
      <ul data-testid="privacy-erased-list">
        {erased.map((k) => (
          <li key={k}>
            {answer.erased[k]} {ERASED_LABELS[k][answer.erased[k] === 1 ? 0 : 1]}
          </li>
        ))}
      </ul>
      <h2>What we keep, and why</h2>
      <ul data-testid="privacy-kept">
        {answer.kept.map((k) => (
          <li key={k}>{k}</li>
        ))}
      </ul>
    </div>
  );
}
