import { expect } from 'vitest';
import { buyer, createWorkshop, payInRazorpaySandbox } from '../payments/payments-helpers';
import { DAY } from '../support/fixtures';
import type { TestServerHandle } from '../support/test-server';

/**
 * A team of three paid by card (297.00, 99.00 a seat) in one workshop, and another workshop three
 * weeks later to move seats to: the start of the seat-move reviews. `tag` names the buyer,
 * `people` the attendees' names and emails, `label` the workshops.
 */
export async function paidTeamOfThree(h: TestServerHandle, o: { label: string; tag: string; people: { name: string; email: string }; targetSeats?: number }) {
  const from = await createWorkshop(h.db, { title: `${o.label} from` });
  const to = await createWorkshop(h.db, { title: `${o.label} to`, date: new Date(Date.now() + 21 * DAY), ...(o.targetSeats ? { max_participants: o.targetSeats } : {}) });
  const attendees = ['Pat', 'Quinn', 'Robin'].map((n) => ({ name: `${n} ${o.people.name}`, email: `${n.toLowerCase()}-${o.people.email}@example.com` }));
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: from.id, ...buyer(o.tag), seats: 3, attendees } });
  expect(co.status, co.text).toBe(201);
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  const paymentId = paid.body.razorpay_payment_id as string;
  const team = await h.db('workshop_registrations').where({ workshop_id: from.id }).first();
  expect(team).toMatchObject({ status: 'completed', amount: 29700, seats: 3 });
  const seats: { id: string }[] = await h.db('attendees').where({ registration_id: team.id }).orderBy('position').select('id');
  return { from, to, team, seats, paymentId };
}

/** Whether a backend of this test's database waits for a lock on a statement like `pattern`: how the race reviews order two transactions. */
export async function waitingOnLock(h: TestServerHandle, pattern: string): Promise<boolean> {
  const r = await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ?`, [pattern]);
  return (r.rows[0].n as number) > 0;
}
