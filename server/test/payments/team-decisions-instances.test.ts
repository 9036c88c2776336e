import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server';
import { client, startAnotherInstance, useTestServer } from '../support/test-server';
import { bookByPaypal, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { createWorkshop } from './payments-helpers';

/** Decisions about one team order made twice at once (a double click, two server instances): each is made once, and what was answered is what went back. */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
let other: RunningServer | undefined;
afterAll(() => other?.close());
const team = (tag: string) => [1, 2, 3].map((i) => ({ name: `T${i} ${tag}`, email: `t${i}-${tag}@example.com` }));

describe('an admin refund on a team order after a seat cancel: a second click, replays', () => {
  it('gives back what the two decisions gave, once', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 's8-admin', { seats: 3, attendees: team('s8') });
    await startsIn(h, w.id, 5);
    const reg = await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first();
    const seats = (await h.api('GET', `/api/booking/${b.token}`)).body.seats as { id: string }[];
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seats[0].id}/cancel`, { token: h.token, body: { refund_cents: 1000 } })).status).toBe(200);
    const clicks = await Promise.all([1, 2].map(() => h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 5000, reason: 'goodwill' } })));
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409]);
    await b.replay();
    await b.webhook();
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 6000, refunds: 2 });
  }, 60_000);
});

describe('two instances: the buyer cancels all on one while the admin cancels a seat with its full refund on the other', () => {
  it('never gives back more than was paid, and exactly what was answered', async () => {
    other ??= await startAnotherInstance(h.server, { JOB_POLL_INTERVAL_MS: '50' });
    const api2 = client(other.url);
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 's9-two', { seats: 3, attendees: team('s9') });
    await startsIn(h, w.id, 5);
    const reg = await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first();
    const seats = (await h.api('GET', `/api/booking/${b.token}`)).body.seats as { id: string }[];
    const [buyerAll, admin] = await Promise.all([
      h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } }),
      api2('POST', `/api/admin/registrations/${reg.id}/seats/${seats[2].id}/cancel`, { token: h.token, body: { refund_cents: 9900 } }),
    ]);
    await refundsSettled(h);
    const given = (buyerAll.status === 200 ? buyerAll.body.refund_cents : 0) + (admin.status === 200 ? 9900 : 0);
    const back = await refundedAtProvider(h, b);
    expect(back.cents).toBe(given);
    expect(back.cents).toBeLessThanOrEqual(29700);
  }, 60_000);
});
