import { ATTENDANCE_MESSAGES, adminWorkshopSchema, workshopAttendanceSchema, type AttendanceRow } from '@workshop/shared';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bookByCard } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Attendance (issue 26, point 4): per seat, whether its person came in by their join link (first
 * join) and the admin's mark by hand; the rate on the workshop card; Joined At in the CSV.
 */
const h = useTestServer({ admin: true });
const MIN = 60_000;
const MEETING = 'https://meet.example.com/attendance-room';

const attendance = async (workshopId: string) => {
  const res = await h.api('GET', `/api/admin/workshops/${workshopId}/attendance`, { token: h.token });
  expect(res.status, res.text).toBe(200);
  return workshopAttendanceSchema.parse(res.body);
};
const mark = (workshopId: string, attendeeId: string, m: unknown, token = h.token) => h.api('PUT', `/api/admin/workshops/${workshopId}/attendance/${attendeeId}`, { token, body: { mark: m } });
const card = async (workshopId: string) => {
  const res = await h.api('GET', '/api/admin/workshops', { token: h.token });
  return adminWorkshopSchema.parse((res.body as { id: string }[]).find((w) => w.id === workshopId));
};
const startsIn = (workshopId: string, ms: number) => h.db('workshops').where({ id: workshopId }).update({ date: new Date(Date.now() + ms) });
const seatOf = (rows: AttendanceRow[], email: string) => rows.find((r) => r.email === email)!;
const join = async (attendeeId: string) => {
  const { join_token } = await h.db('attendees').where({ id: attendeeId }).first('join_token');
  const res = await fetch(`${h.server.url}/join/${join_token}`, { redirect: 'manual' });
  expect([res.status, res.headers.get('location')]).toEqual([302, MEETING]);
  return waitFor(async () => (await h.db('attendees').where({ id: attendeeId }).first('first_joined_at')).first_joined_at as Date | null);
};

/** A workshop starting in 2 hours with a solo booking and a team of two (one seat left unnamed). */
async function workshopWithSeats(tag: string) {
  const w = await createWorkshop(h.db, { date: new Date(Date.now() + 120 * MIN), duration_hours: 2, join_url: MEETING, max_participants: 10 });
  const solo = await bookByCard(h, w.id, `${tag}-solo`);
  await bookByCard(h, w.id, `${tag}-team`, { seats: 2, attendees: [{ name: 'Team Lead', email: `buyer${tag}-team@example.com` }] });
  return { w, solo };
}

describe('attendance', () => {
  it('lists every seat due, refuses marks before the links open, and keeps the card without a rate until then', async () => {
    const { w, solo } = await workshopWithSeats('early');
    const before = await attendance(w.id);
    expect(before.items).toHaveLength(3);
    expect(before.items.map((r) => [r.email, r.buyer_email, r.first_joined_at, r.mark, r.attended]).sort()).toEqual(
      [
        [solo.email, solo.email, null, null, false],
        ['buyerearly-team@example.com', 'buyerearly-team@example.com', null, null, false],
        [null, 'buyerearly-team@example.com', null, null, false],
      ].sort(),
    );
    expect(before.summary).toEqual({ seats: 3, joined: 0, attended: 0 });
    expect(new Date(before.marking_opens_at).getTime()).toBe(new Date((await card(w.id)).date).getTime() - 15 * MIN);
    expect((await card(w.id)).attendance).toBeNull();

    const refused = await mark(w.id, seatOf(before.items, solo.email).attendee_id, 'attended');
    expect([refused.status, refused.body.error.message]).toEqual([409, ATTENDANCE_MESSAGES.notYet]);
    expect(await h.db('attendees').whereNotNull('attendance_mark').where({ workshop_id: w.id }).pluck('id')).toEqual([]);
  });

  it('shows who came in by their link, lets an admin mark attended or absent over it, and counts the rate on the card', async () => {
    const { w, solo } = await workshopWithSeats('live');
    await startsIn(w.id, -10 * MIN);
    const rows = (await attendance(w.id)).items;
    const soloSeat = seatOf(rows, solo.email);
    const lead = seatOf(rows, 'buyerlive-team@example.com');
    const unnamed = rows.find((r) => r.email === null)!;

    const first = await join(soloSeat.attendee_id);
    let now = await attendance(w.id);
    expect(seatOf(now.items, solo.email)).toMatchObject({ first_joined_at: first!.toISOString(), attended: true, mark: null });
    expect(now.summary).toEqual({ seats: 3, joined: 1, attended: 1 });
    expect((await card(w.id)).attendance).toEqual({ seats: 3, joined: 1, attended: 1 });

    // The lead was in the room though their link was never used; the solo buyer clicked and left.
    const marked = await mark(w.id, lead.attendee_id, 'attended');
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ attendee_id: lead.attendee_id, mark: 'attended', attended: true, first_joined_at: null });
    expect((await mark(w.id, soloSeat.attendee_id, 'absent')).body).toMatchObject({ mark: 'absent', attended: false });
    expect((await mark(w.id, unnamed.attendee_id, 'attended')).status).toBe(200);
    now = await attendance(w.id);
    expect(now.summary).toEqual({ seats: 3, joined: 1, attended: 2 });
    expect((await card(w.id)).attendance).toEqual({ seats: 3, joined: 1, attended: 2 });
    await expect.poll(async () => Number((await h.db('admin_activity').where({ action: 'PUT /api/admin/workshops/:id/attendance/:attendeeId', status: 200 }).count('* as n').first())?.n)).toBe(3);

    // Back to what the link recorded.
    expect((await mark(w.id, soloSeat.attendee_id, null)).body).toMatchObject({ mark: null, attended: true });
    expect((await attendance(w.id)).summary).toEqual({ seats: 3, joined: 1, attended: 3 });

    // The export: Joined At after every other column, the first join in the SPEC's date format.
    const csv = await fetch(`${h.server.url}/api/admin/registrations/export.csv?workshop_id=${w.id}`, { headers: { authorization: `Bearer ${h.token}` } });
    const parsed = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0].at(-1)).toBe('Joined At');
    const bySeat = new Map(parsed.slice(1).map((r) => [r[2], r.at(-1)]));
    expect(bySeat.get(solo.email)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
    expect(bySeat.get('buyerlive-team@example.com')).toBe('');
  });

  it('lets staff take the register, and refuses bad marks, other workshops’ seats and seats no longer due', async () => {
    const { w, solo } = await workshopWithSeats('refused');
    const other = await workshopWithSeats('elsewhere');
    await startsIn(w.id, -5 * MIN);
    await startsIn(other.w.id, -5 * MIN);
    const rows = (await attendance(w.id)).items;
    const soloSeat = seatOf(rows, solo.email);

    const staff = { email: 'register.staff@workshop.test', password: 'a long staff password 1' };
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: { ...staff, role: 'staff' } })).status).toBe(201);
    const staffToken = (await h.api('POST', '/api/auth/login', { body: { ...staff, client: 'desktop' } })).body.token as string;
    expect((await mark(w.id, soloSeat.attendee_id, 'attended', staffToken)).status).toBe(200);

    const bad = await mark(w.id, soloSeat.attendee_id, 'maybe');
    expect(bad.status).toBe(422);
    const foreign = await mark(w.id, seatOf((await attendance(other.w.id)).items, other.solo.email).attendee_id, 'attended');
    expect([foreign.status, foreign.body.error.message]).toEqual([404, ATTENDANCE_MESSAGES.notASeat]);
    expect((await h.api('GET', `/api/admin/workshops/${crypto.randomUUID()}/attendance`, { token: h.token })).status).toBe(404);
    expect((await h.api('GET', `/api/admin/workshops/${w.id}/attendance`)).status).toBe(401);

    // A refunded booking's seat is no longer due: not listed, not markable.
    const reg = await h.db('workshop_registrations').where({ email: solo.email }).first('id');
    const refund = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 100, reason: 'Left before it began' } });
    expect(refund.status, refund.text).toBe(200);
    const gone = await mark(w.id, soloSeat.attendee_id, 'absent');
    expect([gone.status, gone.body.error.message]).toEqual([409, ATTENDANCE_MESSAGES.seatGone]);
    expect((await h.db('attendees').where({ id: soloSeat.attendee_id }).first('attendance_mark')).attendance_mark).toBe('attended');
    expect((await attendance(w.id)).items.map((r) => r.email)).not.toContain(solo.email);
  });

  it('starts a seat afresh when its booking moves to another workshop or the seat gets a new person', async () => {
    const { w, solo } = await workshopWithSeats('mover');
    const target = await createWorkshop(h.db, { date: new Date(Date.now() + 30 * 86_400_000), join_url: MEETING });
    await startsIn(w.id, -5 * MIN);
    const rows = (await attendance(w.id)).items;
    const soloSeat = seatOf(rows, solo.email);
    const lead = seatOf(rows, 'buyermover-team@example.com');
    await join(soloSeat.attendee_id);
    expect((await mark(w.id, soloSeat.attendee_id, 'attended')).status).toBe(200);
    expect((await mark(w.id, lead.attendee_id, 'attended')).status).toBe(200);

    // Not started after all (say it was rescheduled): the booking can move, and its seat carries nothing over.
    await startsIn(w.id, 7 * 86_400_000);
    const reg = await h.db('workshop_registrations').where({ email: solo.email }).first('id');
    const moved = await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: target.id } });
    expect(moved.status, moved.text).toBe(200);
    expect(await h.db('attendees').where({ id: soloSeat.attendee_id }).first('workshop_id', 'first_joined_at', 'last_joined_at', 'attendance_mark')).toEqual({
      workshop_id: target.id,
      first_joined_at: null,
      last_joined_at: null,
      attendance_mark: null,
    });

    // A new person on the lead's seat: the mark was the old person's.
    await h.db('attendees').where({ id: lead.attendee_id }).update({ email: 'new.person@example.com' });
    expect((await h.db('attendees').where({ id: lead.attendee_id }).first('attendance_mark')).attendance_mark).toBeNull();
  });
});
