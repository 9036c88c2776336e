import { expect } from 'vitest';
import { REFUND_MAX_ATTEMPTS } from '../../src/payments/refunds/refund.queue';
import type { TestServerHandle } from '../support/test-server';
import { sandboxEmails, waitFor } from './payments-helpers';

/** Where the admins' alerts go: set in the settings, as an admin would. */
export async function alertsTo(h: TestServerHandle, address: string): Promise<void> {
  await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: address }) }).onConflict('setting_key').merge();
}

export const refundsDown = async (h: TestServerHandle, seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);

/** The amount a "refund failed" alert names as still owed, in cents. */
export const owedIn = (text: string | null | undefined) => Math.round(Number(/Refund still owed: \$(\d+\.\d\d)/.exec(text ?? '')?.[1] ?? 'NaN') * 100);

/** The alerts the admins received so far that name an amount still owed (about one payment, when given). */
export const refundAlerts = async (h: TestServerHandle, address: string, paymentId?: string) =>
  (await sandboxEmails(h.server, address)).filter((m) => /Refund still owed/.test(m.text_body ?? '') && (!paymentId || m.text_body?.includes(paymentId)));

/**
 * An admin's partial refund of `cents` that gives up: made at a provider whose refunds are down,
 * its attempts fast-forwarded (days of retries in short), `meanwhile` run with refunds up (an
 * admin's hand refund at the dashboard, say), then its last attempt, by the admin's retry, meets
 * the outage again. Answers the refund's id once it is failed; refunds are up again after.
 */
export async function partialRefundThatGivesUp(h: TestServerHandle, registrationId: string, paymentId: string, cents: number, meanwhile: () => Promise<void>): Promise<string> {
  try {
    await refundsDown(h, 600);
    expect((await h.api('POST', `/api/admin/registrations/${registrationId}/refund`, { token: h.token, body: { amount_cents: cents, reason: 'goodwill' } })).status).toBe(200);
    const refund = await waitFor(async () => {
      const r = await h.db('refunds').where({ payment_id: paymentId }).first();
      return r?.attempts >= 1 && !r.claim_id ? r : undefined;
    });
    // The next attempt is the last; its wake-up waits until the admin's retry.
    await h.db('refunds').where({ id: refund.id }).update({ attempts: REFUND_MAX_ATTEMPTS - 1 });
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '1 hour' WHERE key = ?`, [`refund:${refund.id}`]);
    await refundsDown(h, 0);
    await meanwhile();
    await refundsDown(h, 600);
    expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
    await waitFor(async () => (await h.db('refunds').where({ id: refund.id }).first()).status === 'failed', 20_000);
    return refund.id;
  } finally {
    await refundsDown(h, 0);
  }
}
