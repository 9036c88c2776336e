import { describe, expect, it } from 'vitest';
import { refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { paidTeamOfThree } from '../bookings/seat-move-flows';
import { sandboxEmails } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/** Issue 25: money that goes back from a payment is credited on that payment's invoice, wherever the seat went. */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

describe('a refund of a seat moved out of a team booking', () => {
  it('is credited on the team’s invoice (the payment it came from), for exactly what went back, and its buyer gets the credit note', async () => {
    const { to, team, seats, paymentId } = await paidTeamOfThree(h, { label: 'CN', tag: 'cn-move', people: { name: 'cnmove', email: 'cnmove' } });
    const invoice = await h.db('invoices').where({ registration_id: team.id, kind: 'invoice' }).first('id', 'number', 'total_cents');
    expect(invoice.total_cents).toBe(29700);
    const move = await h.api('POST', `/api/admin/registrations/${team.id}/seats/${seats[2].id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect(move.status, move.text).toBe(200);
    const movedId = move.body.moved_to as string;
    // The moved seat is no new sale: no invoice of its own.
    expect(await h.db('invoices').where({ registration_id: movedId })).toEqual([]);

    expect((await h.api('POST', `/api/admin/registrations/${movedId}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'refund the moved seat' } })).status).toBe(200);
    await expect.poll(async () => (await h.db('refunds').where({ payment_id: paymentId }).first('status'))?.status, { timeout: 30_000 }).toBe('succeeded');
    await refundsSettled(h);
    expect((await refundedAtProvider(h, { provider: 'razorpay', paymentId })).cents).toBe(9900);
    const notes = await h.db('invoices').where({ credits_invoice_id: invoice.id }).select('number', 'total_cents', 'registration_id');
    expect(notes).toEqual([{ number: expect.stringMatching(/^CN-/), total_cents: 9900, registration_id: team.id }]);
    const buyer = (await h.db('workshop_registrations').where({ id: team.id }).first('email')).email;
    await expect.poll(async () => (await sandboxEmails(h.server, buyer)).map((m) => m.subject), { timeout: 15_000 }).toContain(`Credit note ${notes[0].number}: your refund of $99.00`);
  }, 60_000);
});
