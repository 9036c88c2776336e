import { describe, expect, it } from 'vitest';
import * as calendarMigration from '../../../migrations/20261127090000-add-calendar-sequences';
import { insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * Bookings that were sent invites before each event kept its own SEQUENCE (they carried the
 * workshop's revision) start above the highest one they were sent, so the next invite still
 * outranks them. Run by taking the migration down, writing emails as before, and up again.
 */
const h = useTestServer();

const email = (registrationId: string, kind: string, sequence: number, extra: Record<string, unknown> = {}) =>
  h.db('email_messages').insert({ registration_id: registrationId, kind, to_email: 'x@example.com', data: JSON.stringify({ sequence }), ...extra });

describe('the calendar sequence migration on a database with history', () => {
  it('starts each event above the SEQUENCE it was last sent, and keeps the repeatable kinds repeatable', async () => {
    await calendarMigration.down(h.db);
    const w = await insertWorkshop(h.db, { revision: 2 });
    // Moved here from a workshop of revision 5: its last invite had SEQUENCE 5, above this workshop's 2.
    const moved = await insertRegistration(h.db, w.id, { status: 'completed' });
    await email(moved.id, 'confirmation', 0);
    await email(moved.id, 'workshop_updated', 5, { dedupe_key: `moved:${moved.id}` });
    const plain = await insertRegistration(h.db, w.id, { status: 'completed' });
    await email(plain.id, 'confirmation', 1);
    const neverSent = await insertRegistration(h.db, w.id, { status: 'pending' });
    const [seat] = await h.db('attendees').where({ registration_id: plain.id });
    await email(plain.id, 'attendee_confirmation', 1, { attendee_id: seat.id, dedupe_key: `attendee_confirmation:${seat.id}:1` });

    await calendarMigration.up(h.db);
    const sequenceOf = async (table: string, id: string) => (await h.db(table).where({ id }).first('calendar_sequence')).calendar_sequence;
    expect(await sequenceOf('workshop_registrations', moved.id)).toBe(6);
    expect(await sequenceOf('workshop_registrations', plain.id)).toBe(3);
    expect(await sequenceOf('workshop_registrations', neverSent.id)).toBe(0);
    expect(await sequenceOf('attendees', seat.id)).toBe(3);

    // Repeatable kinds stay repeatable (the new one too); the others stay once per registration.
    await email(plain.id, 'confirmation_resend', 0, { dedupe_key: 'r1' });
    await email(plain.id, 'confirmation_resend', 0, { dedupe_key: 'r2' });
    await email(plain.id, 'attendee_cancelled', 0, { dedupe_key: 'c1' });
    await email(plain.id, 'attendee_cancelled', 0, { dedupe_key: 'c2' });
    await expect(email(plain.id, 'confirmation', 0)).rejects.toThrow(/email_messages_registration_kind_key/);
  });
});
