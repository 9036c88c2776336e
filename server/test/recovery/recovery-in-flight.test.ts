import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { recoveryPass } from '../../src/recovery/recovery.job';
import { buyer, createWorkshop, follow, pressPaypalButton, sandboxEmails } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true, env: { RECONCILE_INTERVAL_SECONDS: '3600', LOG_LEVEL: 'error' } });
const followUps = async (email: string) => (await sandboxEmails(h.server, email)).filter((e) => e.subject.startsWith('Your seat in'));

describe('checkout recovery and money still moving', () => {
  it('sends no "you did not finish" follow-up to a buyer whose late payment PayPal is still completing', async () => {
    const w = await createWorkshop(h.db, { title: 'Recovery in flight' });
    const who = buyer('in-flight');
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    expect(co.status).toBe(201);
    // The hold runs out before the buyer approves: the reconciler fails it and plans a follow-up.
    await h.db('workshop_registrations').where({ email: who.email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    await reconcilePass(h.server.payments!, 3600);
    expect(await h.db('checkout_recoveries').where({ workshop_id: w.id }).first('status')).toMatchObject({ status: 'scheduled' });

    // Then they approve after all; PayPal takes the money but holds the capture for review.
    const back = await pressPaypalButton(h.server, co.body.approval_url, 'approve-pending');
    expect(await follow(h.server, back)).toContain('payment=processing');
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first('status', 'status_reason');
    expect(reg).toMatchObject({ status: 'pending', status_reason: 'capture_pending' });
    // Minutes later (the capture's short hold is over), the follow-up falls due while PayPal still reviews.
    await h.db('workshop_registrations').where({ email: who.email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    await h.db('checkout_recoveries').where({ workshop_id: w.id }).update({ send_after: h.db.raw(`now() - interval '1 second'`) });

    const counts = await recoveryPass(h.db, h.server.payments!.sender);
    expect(counts.sent).toBeUndefined();
    expect(await h.db('email_messages').where({ kind: 'checkout_recovery', to_email: who.email }).first('id')).toBeUndefined();
    expect(await followUps(who.email)).toHaveLength(0);
  });
});
