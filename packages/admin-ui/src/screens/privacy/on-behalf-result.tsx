import { formatShortDate, PRIVACY_MESSAGES, type PrivacyConfirmResult } from '@workshop/shared';
import { Alert, Button } from 'antd';

const COUNT_LABELS: Record<string, [string, string]> = {
  bookings: ['booking', 'bookings'],
  seats: ['seat', 'seats'],
  payments: ['payment', 'payments'],
  refunds: ['refund', 'refunds'],
  emails: ['email', 'emails'],
  interests: ['message', 'messages'],
  video_leads: ['video lead', 'video leads'],
  waitlist: ['waitlist place', 'waitlist places'],
  revive: ['revive entry', 'revive entries'],
  checkout_follow_ups: ['checkout reminder', 'checkout reminders'],
  feedback: ['feedback answer', 'feedback answers'],
  certificates: ['certificate', 'certificates'],
};

const summary = (counts: Record<string, number | undefined>) =>
  Object.entries(counts)
    .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
    .map(([k, n]) => `${n} ${COUNT_LABELS[k]?.[n === 1 ? 0 : 1] ?? k}`)
    .join(', ');

/** What a request run on someone's behalf did: the export to hand over, what was erased, or what stopped it. */
export function OnBehalfResult({ email, result }: { email: string; result: PrivacyConfirmResult }) {
  const nothingHeld = <Alert type="info" showIcon title={`${email}: ${PRIVACY_MESSAGES.nothingHeld}`} style={{ marginBottom: 16 }} data-testid="privacy-run-result" />;
  if (result.kind === 'export') {
    const d = result.export;
    if (!d.held) return nothingHeld;
    const counts = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Array.isArray(v) ? v.length : undefined]));
    const file = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(d, null, 2))}`;
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="privacy-run-result"
        title={`Everything held about ${email}: ${summary(counts)}.`}
        description={
          <Button href={file} download={`data-${email}.json`} size="small" data-testid="privacy-run-download">
            Download it (JSON) to send them
          </Button>
        }
      />
    );
  }
  if (result.outcome === 'blocked') {
    const list = result.blocking.map((b) => `${b.workshop} (${formatShortDate(b.workshop_date)})`).join(', ');
    return <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="privacy-run-result" title={`Nothing was erased: ${email} has a booking still to come or a payment in progress: ${list}. Cancel it first, then run the erasure again.`} />;
  }
  if (!result.held) return nothingHeld;
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="privacy-run-result"
      title={`${email} was erased: ${summary(result.erased)}.`}
      description={`Kept: ${result.kept.join(' ')}`}
    />
  );
}
