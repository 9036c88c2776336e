import { describe, expect, it } from 'vitest';
import { bookByCard } from '../../payments/booking-flows';
import { buyer, createWorkshop } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';
import { eraseByInbox } from '../erasure-helpers';

/**
 * The commit says counts stay. The sales funnel counts people as (workshop, lower(email)): a buyer
 * whose first checkout ran out and who then paid is ONE person, converted. The erasure gives each
 * of their rows its own address (erased-<row id>@erased.invalid), so afterwards they are two
 * people, one of whom abandoned: checkouts started and abandoned go up, conversion goes down.
 * (Not money; reported because the feature promises the figures stay.)
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

describe('the funnel after an erasure', () => {
  it('a buyer who retried and paid still counts once, as converted', async () => {
    const w = await createWorkshop(h.db, { title: 'Funnel Workshop' });
    const who = buyer('funnel-retry');
    const first = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    expect(first.status, first.text).toBe(201);
    // Their first hold ran out unpaid, long enough ago that it blocks nothing (and it had no money).
    await h.db('workshop_registrations').where({ email: who.email }).update({ status: 'failed', status_reason: 'hold_expired', hold_expires_at: h.db.raw(`now() - interval '1 minute'`), provider_order_id: null });
    await bookByCard(h, w.id, 'funnel-retry');
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 2 * 3_600_000), duration_hours: 1 });

    const funnel = async () => (await h.api('GET', '/api/admin/funnel', { token: h.token })).body;
    const before = await funnel();
    const answer = await eraseByInbox(h, who.email);
    expect(answer).toMatchObject({ outcome: 'erased', held: true, erased: { bookings: 2 } });
    expect(await funnel()).toEqual(before);
  });
});
