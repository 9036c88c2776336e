import { ACCESS_EMAILS } from '../../../src/attention/email-bounces';
import { openCheckoutOf } from '../../../src/bookings/transfer.service';
import { WORKSHOP_CANCEL_TASK } from '../../../src/organiser/workshop-cancel.service';
import type { ApiClient, ApiResponse, TestServer } from '../../support/test-server';
import type { Buyer, MoneyDriver } from './driver';
import type { Step } from './scenario';

/** What neither step may change on the booking: its money, its seats, its state. */
const MONEY_SEATS_STATUS = ['status', 'workshop_id', 'seats', 'seats_bought', 'amount', 'unit_amount', 'discount_cents', 'currency', 'payment_method', 'payment_id', 'paid_with_payment_id', 'by_hand_payment', 'by_hand_refunded_cents', 'promo_code_id', 'kept_uses', 'completed_at', 'cancelled_at'] as const;
/** Who the booking is for and how they get in: a correction may change the address (and the link), a resend the link; a refusal nothing. */
const WHO = ['name', 'email', 'phone', 'booking_token_hash', 'by_hand_payer_email', 'by_hand_payer_name'] as const;
/** The emails only a new link sends: the booking's confirmation again, a seat's own confirmation. */
const NEW_LINK = ['confirmation_resend', 'attendee_confirmation'];

interface Held {
  /** The live row; undefined once a clear archived it. */
  reg?: Record<string, unknown>;
  seats: { id: string; status: string; email: string | null; name: string | null }[];
  /** The refunds of the booking and of its payment, as `id:amount`. */
  refunds: string[];
  /** Emails sent with a new link (see NEW_LINK). */
  links: { id: string; kind: string; to_email: string; attendee_id: string | null }[];
  /** A resend of the confirmation is queued and not yet sent: another press queues nothing and keeps the link. */
  resendWaiting: boolean;
  /** The organiser's run through the bookings of the workshop it called off is still to come: it may end this one meanwhile. */
  organiserRunning: boolean;
}

type Expect = 'done' | 'refused' | 'either';
const same = (a: unknown, b: unknown) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();
const json = (v: unknown) => JSON.stringify(v instanceof Date ? v.toISOString() : v ?? null);

/**
 * An admin sends a booking's way in again (issue 26, point 2): "Correct email and resend" from a
 * bounced-email item (to a new address, to the same one, or a seat's to a new one), and "Resend
 * confirmation" on a new link. The admin may act at any time on any of the buyer's bookings: on
 * now, or cancelled, refunded, emptied by a clear, its seat moved to another booking, its address
 * changed since the item was read (a stale tab). Neither is a business decision: no money moves,
 * no seat is taken or given back, the booking's state stays, so no decision is written down here
 * and the invariants hold the providers to that. Each step also compares the booking before and
 * after its request: a correction carried out changes the address it was asked to (and the link),
 * a resend only the link; a refusal (409, or 404 for what is gone) changes nothing at all.
 */
export class EmailSteps {
  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly driver: MoneyDriver,
  ) {}

  private get db() {
    return this.server.deps.db;
  }

  /** By buyer email: their bookings a correction gave another address (still theirs to the model). */
  private readonly correctedAway = new Map<string, string[]>();
  private fixes = 0;

  async step(s: Step, b: Buyer | undefined): Promise<void> {
    switch (s.do) {
      case 'correctEmail':
        return this.correct(b!, s.k, s.to);
      case 'resend':
        return this.resend(b!, s.k);
    }
  }

  /**
   * The buyer's k-th newest registration in the case's workshops, in any state, those a clear
   * archived included; k 0 is their booking on now when they have one (else their newest).
   */
  private async target(b: Buyer, k: number): Promise<string | undefined> {
    const ids = this.driver.run.workshopIds;
    const away = this.correctedAway.get(b.email) ?? [];
    const mine = () =>
      this.db('workshop_registrations')
        .whereIn('workshop_id', ids)
        .where((q) => q.whereRaw('lower(email) = lower(?)', [b.email]).orWhereIn('id', away));
    if (k === 0) {
      const on = await mine().where({ status: 'completed' }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first('id');
      if (on) return on.id;
    }
    const live: { id: string; created_at: Date }[] = await mine().select('id', 'created_at');
    const archived: { id: string; created_at: Date }[] = await this.db('workshop_registrations_archive')
      .whereRaw(`record->>'workshop_id' IN (${ids.map(() => '?').join(', ')})`, ids)
      .where((q) => q.whereRaw(`lower(record->>'email') = lower(?)`, [b.email]).orWhereIn('id', away))
      .select('id', this.db.raw(`(record->>'created_at')::timestamptz AS created_at`));
    const all = [...live, ...archived].sort((x, y) => new Date(y.created_at).getTime() - new Date(x.created_at).getTime() || (y.id < x.id ? -1 : 1));
    return all.length ? all[Math.max(0, k - 1) % all.length].id : undefined;
  }

  private async held(id: string): Promise<Held> {
    const reg = await this.db('workshop_registrations').where({ id }).first([...MONEY_SEATS_STATUS, ...WHO]);
    const seats = await this.db('attendees').where({ registration_id: id }).orderBy('id').select('id', 'status', 'email', 'name');
    const paymentId = reg?.payment_id ?? reg?.paid_with_payment_id;
    const refunds = await this.db('refunds')
      .where((q) => {
        q.where({ registration_id: id });
        if (paymentId) q.orWhere({ payment_id: paymentId });
      })
      .orderBy('id')
      .select('id', 'amount_cents');
    const links = await this.db('email_messages').where({ registration_id: id }).whereIn('kind', NEW_LINK).select('id', 'kind', 'to_email', 'attendee_id');
    const resendWaiting = Boolean(await this.db('email_messages').where({ registration_id: id, kind: 'confirmation_resend', status: 'queued' }).first('id'));
    const running = reg
      ? await this.db.raw(
          `SELECT 1 FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = ?) AND payload->>'workshop_id' = ? LIMIT 1`,
          [WORKSHOP_CANCEL_TASK, reg.workshop_id],
        )
      : { rows: [] };
    return { reg, seats, refunds: refunds.map((f: { id: string; amount_cents: number }) => `${f.id}:${f.amount_cents}`), links, resendWaiting, organiserRunning: running.rows.length > 0 };
  }

  /**
   * The email a bounced item names: the booking's last access email (or, for `seat`, a seat's),
   * to whatever address it went; for a booking a clear archived (the item still open in a tab),
   * the last one to the buyer's address that no booking holds any more.
   */
  private async bouncedEmail(id: string, live: boolean, b: Buyer, seat: boolean): Promise<{ id: string; registration_id: string | null; to_email: string; attendee_id: string | null } | undefined> {
    const q = this.db('email_messages').whereIn('kind', [...ACCESS_EMAILS]);
    if (live) q.where({ registration_id: id }).where((w) => (seat ? w.whereNotNull('attendee_id') : w.whereNull('attendee_id')));
    else if (!seat) q.whereNull('registration_id').whereRaw('lower(to_email) = lower(?)', [b.email]);
    else return undefined;
    return q.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first('id', 'registration_id', 'to_email', 'attendee_id');
  }

  /** "Correct email and resend" on the bounced item of the buyer's k-th newest booking: to a new address, the same one, or a seat's to a new one. */
  private async correct(b: Buyer, k: number, to: 'new' | 'same' | 'seat') {
    const id = await this.target(b, k);
    if (!id) return;
    const before = await this.held(id);
    const mail = await this.bouncedEmail(id, Boolean(before.reg), b, to === 'seat');
    // A checkout never paid sent no access email: no item names it.
    if (!mail) return;
    // The address bounces from now on, as the item's did (the server asks no bounce of a correction: nothing waits for it).
    await this.api('POST', '/sandbox/sendgrid/bounce', { body: { email: mail.to_email } });
    const email = to === 'same' ? mail.to_email.toUpperCase() : mail.to_email.replace('@', `+fixed${++this.fixes}@`);
    const reg = before.reg;
    let expect: Expect = 'refused';
    if (reg && reg.status === 'completed' && mail.registration_id === id) {
      if (mail.attendee_id) {
        // A seat of this booking still (not moved or cancelled since), not the buyer's own, at the address the email went to.
        const seat = before.seats.find((a) => a.id === mail.attendee_id && a.status === 'active');
        if (seat?.email && !same(seat.email, reg.email) && same(seat.email, mail.to_email)) expect = 'done';
      } else if (same(reg.email, mail.to_email)) {
        // A new address waits for a checkout of the old one that money may still complete (a second seat else).
        if (to === 'same' || !(await this.db.transaction((trx) => openCheckoutOf(trx, String(reg.workshop_id), String(reg.email))))) expect = 'done';
      }
      if (before.organiserRunning) expect = 'either';
    }
    const what = `correct email (${to}) of registration ${id} (${reg ? String(reg.status) : 'archived'})`;
    const res = await this.api('POST', `/api/admin/registrations/${id}/correct-email`, { token: this.driver.adminToken, body: { email, email_message_id: mail.id } });
    this.driver.note(what, res.status, res.text);
    const after = await this.held(id);
    const done = this.answered(what, expect, res);
    const problems = this.unchanged(before, after, done ? (to === 'seat' ? { seat: { id: mail.attendee_id!, email } } : to === 'new' ? { email } : { link: true }) : {});
    if (done && to !== 'same') {
      const kind = to === 'seat' ? 'attendee_confirmation' : 'confirmation_resend';
      if (!this.fresh(before, after).some((m) => m.kind === kind && m.to_email === email)) problems.push(`no ${kind} was queued to ${email}`);
    }
    if (done && to === 'new') this.correctedAway.set(b.email, [...(this.correctedAway.get(b.email) ?? []), id]);
    this.tally(what, problems);
  }

  /** "Resend confirmation" on the buyer's k-th newest booking: on a new link, only a booking on now. */
  private async resend(b: Buyer, k: number) {
    const id = await this.target(b, k);
    if (!id) return;
    const before = await this.held(id);
    const expect: Expect = before.reg?.status !== 'completed' ? 'refused' : before.organiserRunning ? 'either' : 'done';
    const what = `resend of registration ${id} (${before.reg ? String(before.reg.status) : 'archived'})`;
    const res = await this.api('POST', `/api/admin/registrations/${id}/resend`, { token: this.driver.adminToken, body: {} });
    this.driver.note(what, res.status, res.text);
    const after = await this.held(id);
    const done = this.answered(what, expect, res);
    const problems = this.unchanged(before, after, done ? { link: true } : {});
    if (done && res.body.queued !== this.fresh(before, after).some((m) => m.kind === 'confirmation_resend')) problems.push(`it answered queued: ${res.body.queued}, and ${res.body.queued ? 'queued no' : 'queued a'} confirmation`);
    this.tally(what, problems);
  }

  /**
   * What the server did with the request (carried out: 200; refused: 409, or 404 for what is
   * gone); an answer the model did not expect is a broken promise, counted for the coverage.
   */
  private answered(what: string, expect: Expect, res: ApiResponse): boolean {
    const done = res.status === 200;
    const refused = res.status === 409 || res.status === 404;
    if (done && expect === 'refused') this.driver.run.problems.push(`${what} was carried out, though the booking is not on or the email is no longer its way in: ${res.text.slice(0, 200)}`);
    else if (refused && expect === 'done') this.driver.run.problems.push(`${what} was refused (${res.status}: ${res.text.slice(0, 200)}), though the booking is on and the email is its way in`);
    else if (!done && !refused && res.status < 500) this.driver.run.problems.push(`${what} answered ${res.status}: ${res.text.slice(0, 200)}`);
    const counts = this.driver.run.resends;
    if (done) counts[what.startsWith('resend') ? 'resent' : 'corrected']++;
    else if (refused && expect === 'refused') counts.refused++;
    return done;
  }

  private fresh(before: Held, after: Held) {
    const known = new Set(before.links.map((m) => m.id));
    return after.links.filter((m) => !known.has(m.id));
  }

  private tally(what: string, problems: string[]) {
    for (const p of problems) this.driver.run.problems.push(`${what}: ${p}`);
  }

  /**
   * What the request changed that it may not: money, seats and state never (save what the refund
   * runner or the organiser's run through a called-off workshop does meanwhile, on their own);
   * the address only as asked, the link only with an email carrying the new one; a refusal nothing.
   */
  private unchanged(before: Held, after: Held, allowed: { email?: string; seat?: { id: string; email: string }; link?: boolean }): string[] {
    const problems: string[] = [];
    if (!before.reg) {
      if (after.reg) problems.push('an archived booking is live again');
      return problems;
    }
    if (!after.reg) return ['the booking is gone'];
    const organiser = before.organiserRunning || after.organiserRunning;
    const theirs = new Set<string>(organiser ? ['status', 'seats', 'by_hand_refunded_cents', 'kept_uses', 'cancelled_at'] : []);
    for (const f of MONEY_SEATS_STATUS) {
      const [was, now] = [before.reg[f], after.reg[f]];
      if (json(was) === json(now) || theirs.has(f)) continue;
      // The refund runner completes a refund the booking waits on.
      if (f === 'status' && was === 'refund_pending' && now === 'refunded') continue;
      problems.push(`${f} changed from ${json(was)} to ${json(now)}`);
    }
    if (!organiser && before.refunds.join() !== after.refunds.join()) problems.push(`its refunds changed from [${before.refunds.join(', ')}] to [${after.refunds.join(', ')}]`);
    const wasSeats = new Map(before.seats.map((a) => [a.id, a]));
    if (before.seats.length !== after.seats.length || after.seats.some((a) => !wasSeats.has(a.id))) problems.push(`its seats changed from ${before.seats.length} to ${after.seats.length}`);
    for (const a of after.seats) {
      const was = wasSeats.get(a.id);
      if (!was) continue;
      if (a.status !== was.status && !organiser) problems.push(`seat ${a.id} went from ${was.status} to ${a.status}`);
      const asked = allowed.seat?.id === a.id ? allowed.seat.email : allowed.email && same(was.email, before.reg.email) ? allowed.email : was.email;
      if (a.email !== asked) problems.push(`seat ${a.id}'s address went from ${was.email} to ${a.email}${asked !== was.email ? `, not ${asked}` : ''}`);
      if (a.name !== was.name) problems.push(`seat ${a.id}'s name went from ${was.name} to ${a.name}`);
    }
    const newLink = this.fresh(before, after).some((m) => m.kind === 'confirmation_resend');
    for (const f of WHO) {
      const [was, now] = [before.reg[f], after.reg[f]];
      if (f === 'email' && allowed.email) {
        if (now !== allowed.email) problems.push(`the address is ${json(now)}, not the ${json(allowed.email)} asked`);
      } else if (f === 'by_hand_payer_email' && allowed.email && same(was, before.reg.email)) {
        // Who paid outside the site follows a correction of their own address.
        if (now !== allowed.email) problems.push(`who paid by hand is ${json(now)}, not the corrected ${json(allowed.email)}`);
      } else if (f === 'booking_token_hash' && (allowed.email || allowed.link)) {
        // A new link goes with an email carrying it, and only then (one still waiting keeps the link it carries).
        if ((was !== now) !== newLink) problems.push(newLink ? 'a confirmation went out on a link that was not changed' : 'the link changed with no email carrying the new one');
      } else if (json(was) !== json(now)) problems.push(`${f} changed from ${json(was)} to ${json(now)}`);
    }
    if (!allowed.email && !allowed.seat && !allowed.link) {
      const sent = this.fresh(before, after);
      if (sent.length) problems.push(`refused, it queued ${sent.map((m) => `${m.kind} to ${m.to_email}`).join(', ')}`);
    } else if (allowed.link && !newLink && !before.resendWaiting) problems.push('no confirmation was queued, and none was waiting');
    return problems;
  }
}
