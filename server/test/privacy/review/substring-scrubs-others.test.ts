import { describe, expect, it } from 'vitest';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop, waitFor } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';
import { eraseByInbox } from '../erasure-helpers';

/**
 * scrubRecords picks admin_activity, admin_events and payment_events rows by `ILIKE '%<email>%'`
 * and privacy_scrub blanks every string that merely CONTAINS the needle. So erasing an address
 * that is a substring of another person's address (jimbob@example.com inside
 * buyerjimbob@example.com) rewrites that other person's audit log entries and live events:
 * anyone who owns a short address can blank other people's records, and the append-only audit
 * log loses entries about bookings that have nothing to do with the requester.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

describe('erasure scrubs by substring', () => {
  it('erasing jimbob@example.com leaves the records of buyerjimbob@example.com alone', async () => {
    const w = await createWorkshop(h.db, { title: 'Someone Else’s Booking' });
    const jim = await bookByCard(h, w.id, 'jimbob'); // buyerjimbob@example.com, a different person
    const reg = await h.db('workshop_registrations').where({ email: jim.email }).first('id');
    // An admin corrects Jim's phone: the audit log records his booking before and after.
    const edit = await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { phone: '9123456780' } });
    expect(edit.status, edit.text).toBe(200);
    const jimsAudit = async () => (await h.db.raw(`SELECT count(*)::int AS n FROM admin_activity WHERE target_id = ? AND after::text ILIKE ?`, [reg.id, `%${jim.email}%`])).rows[0].n as number;
    const jimsEvents = async () => (await h.db.raw(`SELECT count(*)::int AS n FROM admin_events WHERE payload->>'email' = ?`, [jim.email])).rows[0].n as number;
    await waitFor(async () => (await jimsAudit()) > 0);
    const before = { auditNamingJim: await jimsAudit(), eventsNamingJim: await jimsEvents() };
    expect(before.auditNamingJim).toBeGreaterThan(0);
    expect(before.eventsNamingJim).toBeGreaterThan(0);

    // Someone else, owner of jimbob@example.com (never booked anything), erases their own data.
    const answer = await eraseByInbox(h, 'jimbob@example.com');
    expect(answer).toMatchObject({ outcome: 'erased', held: false });

    const audit = await h.db('admin_activity').where({ target_id: reg.id }).orderBy('id').select('after');
    expect({ auditNamingJim: await jimsAudit(), eventsNamingJim: await jimsEvents() }, JSON.stringify(audit)).toEqual(before);
  });
});
