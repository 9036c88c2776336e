import type { PrivacyExport } from '@workshop/shared';
import type { Db } from '../db/knex';

const iso = (d: unknown) => new Date(d as string).toISOString();
const isoOrNull = (d: unknown) => (d ? iso(d) : null);
const same = (column: string) => [`lower(${column}) = lower(?)`] as const;

/**
 * Everything held about one address (issue 27, point 2): what they booked and paid (and what
 * came back), the seats they sat in, the emails sent to them, what they asked and left, their
 * feedback and certificates. Only what is theirs: another person on the same booking is never in it
 * (a buyer's export lists their seats by number and name, not their colleagues' addresses).
 */
export async function exportFor(db: Db, email: string): Promise<PrivacyExport> {
  const bookings = await db('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .whereRaw(...same('r.email'), [email])
    .orderBy('r.created_at')
    .select('r.id', 'r.access_id', 'w.title', 'w.date', 'r.name', 'r.phone', 'r.status', 'r.amount', 'r.currency', 'r.payment_method', 'r.seats_bought', 'r.created_at', 'r.billing', 'r.payment_id');
  const ids = bookings.map((b) => b.id as string);
  const [seats, payments, refunds, emails, interests, leads, waitlist, revive, feedback, certificates] = await Promise.all([
    db('attendees as a').join('workshops as w', 'w.id', 'a.workshop_id').whereRaw(...same('a.email'), [email]).orderBy('a.created_at').select('w.title', 'w.date', 'a.position', 'a.name', 'a.status', 'a.first_joined_at', 'a.attendance_mark'),
    db('payments').whereIn('registration_id', ids).orderBy('created_at').select('provider', 'payment_id', 'amount_cents', 'currency', 'created_at'),
    db('refunds').whereIn('registration_id', ids).orderBy('created_at').select('amount_cents', 'status', 'reason', 'created_at'),
    db('email_messages').whereRaw(...same('to_email'), [email]).orderBy('created_at').select('kind', 'subject', 'status', 'created_at'),
    db('workshop_interests').whereRaw(...same('email'), [email]).orderBy('created_at').select('name', 'phone', 'message', 'source', 'created_at'),
    db('video_leads').whereRaw(...same('email'), [email]).orderBy('created_at').select('name', 'created_at'),
    db('waitlist_entries as e').join('workshops as w', 'w.id', 'e.workshop_id').whereRaw(...same('e.email'), [email]).orderBy('e.created_at').select('w.title', 'e.name', 'e.phone', 'e.status', 'e.created_at'),
    db('revive').whereRaw(...same('email'), [email]).orderBy('created_at').select('name', 'created_at'),
    db('workshop_feedback as f').join('attendees as a', 'a.id', 'f.attendee_id').join('workshops as w', 'w.id', 'f.workshop_id').whereRaw(...same('a.email'), [email]).orderBy('f.created_at').select('w.title', 'f.rating', 'f.comment', 'f.updated_at'),
    db('certificates as c').join('attendees as a', 'a.id', 'c.attendee_id').whereRaw(...same('a.email'), [email]).orderBy('c.issued_at').select('c.id', 'c.name', 'c.workshop_title', 'c.issued_at'),
  ]);
  const result: PrivacyExport = {
    email,
    generated_at: new Date().toISOString(),
    held: false,
    bookings: bookings.map((b) => ({
      access_id: b.access_id,
      workshop: b.title,
      workshop_date: iso(b.date),
      name: b.name,
      phone: b.phone,
      status: b.status,
      amount_cents: b.amount,
      currency: b.currency,
      payment_method: b.payment_method,
      seats: b.seats_bought,
      booked_at: iso(b.created_at),
      billing: b.billing ?? null,
    })),
    seats: seats.map((s) => ({ workshop: s.title, workshop_date: iso(s.date), position: s.position, name: s.name, status: s.status, first_joined_at: isoOrNull(s.first_joined_at), attendance: s.attendance_mark })),
    payments: payments.map((p) => ({ provider: p.provider, payment_id: p.payment_id, amount_cents: p.amount_cents, currency: p.currency, at: iso(p.created_at) })),
    refunds: refunds.map((r) => ({ amount_cents: r.amount_cents, status: r.status, reason: r.reason, at: iso(r.created_at) })),
    emails: emails.map((m) => ({ kind: m.kind, subject: m.subject, status: m.status, at: iso(m.created_at) })),
    interests: interests.map((i) => ({ name: i.name, phone: i.phone, message: i.message, source: i.source, at: iso(i.created_at) })),
    video_leads: leads.map((l) => ({ name: l.name, at: iso(l.created_at) })),
    waitlist: waitlist.map((e) => ({ workshop: e.title, name: e.name, phone: e.phone, status: e.status, at: iso(e.created_at) })),
    revive: revive.map((r) => ({ name: r.name, at: iso(r.created_at) })),
    feedback: feedback.map((f) => ({ workshop: f.title, rating: f.rating, comment: f.comment, at: iso(f.updated_at) })),
    certificates: certificates.map((c) => ({ id: c.id, name: c.name, workshop: c.workshop_title, issued_at: iso(c.issued_at) })),
  };
  // The confirmation email of this very request does not count as holding something about them.
  const emailsBesides = result.emails.filter((m) => m.kind !== 'privacy_confirm').length;
  result.held = emailsBesides > 0 || Object.entries(result).some(([k, v]) => Array.isArray(v) && k !== 'emails' && v.length > 0);
  return result;
}
