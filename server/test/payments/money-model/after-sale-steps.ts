import { randomUUID } from 'node:crypto';
import { policyRefund } from '@workshop/shared';
import { newBookingToken } from '../../../src/registrations/booking-token';
import { readSetting } from '../../../src/settings/settings.queries';
import type { ApiClient, ApiResponse, TestServer } from '../../support/test-server';
import { countGoodwill, recordDecision } from './case-run';
import type { Buyer, MoneyDriver } from './driver';
import type { Band, Step } from './scenario';

const DAY = 86_400_000;
/** Where the workshop's start is put for a buyer's cancel in each band: well inside it, never on an edge. */
const LEAD: Record<Band, number> = { early: 14 * DAY, mid: 5 * DAY, late: 1 * DAY };

/**
 * What happens after the sale in the money model: the buyer's own cancel (in each band of the
 * policy), an admin's cancel (of the booking or one seat) with or without a refund, an admin's retry of an open refund while
 * its automatic run waits on a slow provider, and moves to the case's other workshop. Every
 * decision that keeps money is written down here, from what the driver asked and the policy
 * says, never from the server's own records: the invariants hold the providers to it.
 */
export class AfterSaleSteps {
  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly driver: MoneyDriver,
  ) {}

  private get db() {
    return this.server.deps.db;
  }

  /** The buyer's newest completed booking: after a seat of theirs was moved, that seat's own booking. */
  private booking(b: Buyer) {
    return this.db('workshop_registrations')
      .whereIn('workshop_id', this.driver.run.workshopIds)
      .where({ email: b.email, status: 'completed' })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .first();
  }

  /** How long the provider takes over a refund now. */
  private slowMs = 0;

  async step(s: Step, b: Buyer | undefined): Promise<void> {
    switch (s.do) {
      case 'buyerCancel':
        return this.buyerCancel(b!, s.band);
      case 'adminCancel':
        return this.adminCancel(b!, s.share);
      case 'adminRetry':
        return this.adminRetry();
      case 'slowRefunds': {
        const res = await this.api('POST', '/sandbox/refunds/slow', { body: { ms: s.ms } });
        if (res.status !== 204) throw new Error(`slow refunds: ${res.status} ${res.text}`);
        this.slowMs = s.ms;
        return;
      }
      case 'move':
        return this.move(b!);
      case 'moveSeat':
        return this.moveSeat(b!);
      case 'cancelWhileMoved':
        return this.cancelWhileMoved(b!, s.band);
      case 'cancelSeat':
        return this.cancelSeat(b!, s.band);
      case 'adminCancelSeat':
        return this.adminCancelSeat(b!, s.share);
      case 'rename':
        return this.rename(b!);
      case 'goodwill':
        return this.goodwill(b!, s.share, s.cents);
    }
  }

  /**
   * Decisions about one payment add up: a seat cancelled, later the rest of the booking.
   * `owedCents`: what the decision owes (the policy's figure, the admin's amount); `refundCents`:
   * what the server said it gives back now (less, when a hand refund at the provider already paid part of it).
   */
  private decided(reg: { id: string; payment_id: string | null; paid_with_payment_id?: string | null }, owedCents: number, by: string, refundCents = owedCents) {
    recordDecision(this.driver.run, reg, owedCents, by, refundCents);
    // A booking added by hand for this buyer (their own email): what goes back is recorded by hand.
    const byHand = this.driver.run.byHand.get(reg.id);
    if (byHand) byHand.owed += refundCents;
  }

  /**
   * In the workshop the organiser called off, their decision stands (written down when it was
   * made): a buyer's cancel carries it out (the whole price of the seats held, never more), an
   * admin's own is refused. Answers whether the booking was there.
   */
  private async inCancelledWorkshop(reg: { workshop_id: string; unit_amount: number; seats: number }, what: string, byAdmin: boolean, ask: () => Promise<ApiResponse>): Promise<boolean> {
    if (reg.workshop_id !== this.driver.run.cancelledWorkshop) return false;
    const res = await ask();
    this.driver.note(what, res.status, res.text);
    if (byAdmin && res.status !== 409) this.driver.run.problems.push(`${what} in the cancelled workshop answered ${res.status}, not 409`);
    if (!byAdmin && res.status === 200 && res.body.refund_cents > reg.unit_amount * reg.seats) this.driver.run.problems.push(`${what} in the cancelled workshop gave back ${res.body.refund_cents}, more than its seats' ${reg.unit_amount * reg.seats}`);
    return true;
  }

  /** Seats cancelled with less than their whole price going back keep their code's use (a fee or a half kept on each counts). */
  private keptSeats(reg: { id: string; promo_code_id: string | null; unit_amount: number }, seats: number, perSeatBack: number) {
    if (!reg.promo_code_id || perSeatBack >= reg.unit_amount) return;
    this.driver.run.keptSeats.set(reg.id, (this.driver.run.keptSeats.get(reg.id) ?? 0) + seats);
  }

  /**
   * A policy cancel answers the policy's refund, less what went back by hand at the provider
   * and no earlier decision counted (never less than the policy minus every hand refund).
   */
  private async checkPolicyAnswer(
    reg: { id: string; amount: number; unit_amount: number; payment_id: string | null; paid_with_payment_id?: string | null },
    seats: number,
    answered: number,
    policyAmount: number,
    what: string,
    full = false,
  ) {
    // A goodwill refund given earlier is part of what the policy gives back, counted once; a
    // cancel of a booking whose workshop moved after the purchase gives the seats' whole price
    // instead, never more than the booking still holds.
    const counted = countGoodwill(this.driver.run, reg.id, policyAmount);
    const policy = full ? Math.min(policyAmount - counted, reg.amount - (this.driver.run.givenBack.get(reg.id) ?? 0)) : policyAmount - counted;
    const paymentId = reg.payment_id ?? reg.paid_with_payment_id;
    const hand = paymentId ? (this.driver.run.hand.get(paymentId)?.cents ?? 0) : 0;
    const ok = hand ? answered <= policy && answered >= policy - hand : answered === policy;
    if (!ok) this.driver.run.problems.push(`${what} refunded ${answered}, the policy says ${policy}${hand ? ` (${hand} went back by hand)` : ''}`);
    this.decided(reg, policy, what, answered);
    // The seats' price less the policy's amount (the goodwill it counted is part of it) stays kept.
    await this.driver.run.kept.ended(this.db, reg, { value: reg.unit_amount * seats, back: policy + counted, counted, explicit: false, by: what });
  }

  /** The buyer's own link to the booking (the driver gives it one it knows: the emailed one is a secret it never sees). */
  private async buyerLink(registrationId: string): Promise<string> {
    const link = newBookingToken();
    await this.db('workshop_registrations').where({ id: registrationId }).update({ booking_token_hash: link.hash });
    return link.token;
  }

  /**
   * Whether the buyer may still choose everything back: the workshop was moved (by an admin, the
   * `reschedule` step) after this booking was bought, and its start is more than 48 hours away.
   */
  private movedChoice(reg: { completed_at: Date | null }, workshopId: string, startsAt: Date): boolean {
    const at = this.driver.run.rescheduledAt.get(workshopId);
    return at !== undefined && reg.completed_at !== null && new Date(reg.completed_at).getTime() < at && startsAt.getTime() - Date.now() > 48 * 3_600_000;
  }

  /** The policy's refund for `seats` seats of this booking, each at its own price. */
  private async policyFor(reg: { unit_amount: number }, startsAt: Date, seats: number): Promise<number> {
    return policyRefund({ amountCents: reg.unit_amount, startsAt, now: new Date(), policy: await readSetting(this.db, 'refund_policy') }).refundCents * seats;
  }

  /** The buyer's own cancel of the whole booking (every seat it still holds), from their booking page, with the workshop's start moved into `band`. */
  private async buyerCancel(b: Buyer, band: Band) {
    const reg = await this.booking(b);
    if (!reg) return;
    const startsAt = new Date(Date.now() + LEAD[band]);
    await this.db('workshops').where({ id: reg.workshop_id }).update({ date: startsAt });
    const link = await this.buyerLink(reg.id);
    const ask = () => this.api('POST', `/api/booking/${link}/cancel`, { body: { confirm: true } });
    if (await this.inCancelledWorkshop(reg, 'buyer cancel', false, ask)) return;
    const res = await ask();
    this.driver.note('buyer cancel', res.status, res.text);
    if (res.status !== 200) return;
    const full = this.movedChoice(reg, reg.workshop_id, startsAt);
    const policy = full ? reg.unit_amount * reg.seats : await this.policyFor(reg, startsAt, reg.seats);
    await this.checkPolicyAnswer(reg, reg.seats, res.body.refund_cents, policy, `buyer cancel (${full ? 'moved' : band})`, full);
    this.keptSeats(reg, reg.seats, policy / reg.seats);
  }

  /**
   * The buyer's cancel of the whole booking and an admin's move of it to the other workshop, sent
   * together; the two workshops are in different bands. Whichever goes first, a cancel that goes
   * through gives back the policy's amount for the workshop the booking was in when it ended.
   */
  private async cancelWhileMoved(b: Buyer, band: Band) {
    const reg = await this.booking(b);
    if (!reg) return;
    const target = this.driver.run.workshopIds.find((id) => id !== reg.workshop_id)!;
    const ask = async () => {
      const link = await this.buyerLink(reg.id);
      const [cancel, move] = await Promise.all([
        this.api('POST', `/api/booking/${link}/cancel`, { body: { confirm: true } }),
        this.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: this.driver.adminToken, body: { workshop_id: target } }),
      ]);
      if (move.status !== 409) this.driver.run.problems.push(`a move out of the cancelled workshop answered ${move.status}, not 409`);
      return cancel;
    };
    if (await this.inCancelledWorkshop(reg, 'cancel while moved', false, ask)) return;
    const there: Band = band === 'early' ? 'late' : band === 'mid' ? 'early' : 'mid';
    const startsAt = { [reg.workshop_id]: new Date(Date.now() + LEAD[band]), [target]: new Date(Date.now() + LEAD[there]) };
    for (const [id, date] of Object.entries(startsAt)) await this.db('workshops').where({ id }).update({ date });
    const link = await this.buyerLink(reg.id);
    const [cancel, move] = await Promise.all([
      this.api('POST', `/api/booking/${link}/cancel`, { body: { confirm: true } }),
      this.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: this.driver.adminToken, body: { workshop_id: target } }),
    ]);
    this.driver.note('cancel while moved', cancel.status, cancel.text);
    this.driver.note('move while cancelled', move.status, move.text);
    if (cancel.status !== 200) return;
    const ended = await this.db('workshop_registrations').where({ id: reg.id }).first('workshop_id');
    const full = this.movedChoice(reg, ended.workshop_id, startsAt[ended.workshop_id]);
    const policy = full ? reg.unit_amount * reg.seats : await this.policyFor(reg, startsAt[ended.workshop_id], reg.seats);
    await this.checkPolicyAnswer(reg, reg.seats, cancel.body.refund_cents, policy, `buyer cancel while moved (${full ? 'moved' : ended.workshop_id === target ? there : band})`, full);
    this.keptSeats(reg, reg.seats, policy / reg.seats);
  }

  /** The buyer cancels one seat of a team booking that goes on. */
  private async cancelSeat(b: Buyer, band: Band) {
    const reg = await this.booking(b);
    if (!reg || reg.seats < 2) return;
    const seat = await this.db('attendees').where({ registration_id: reg.id, status: 'active' }).orderBy('position', 'desc').first('id');
    const startsAt = new Date(Date.now() + LEAD[band]);
    await this.db('workshops').where({ id: reg.workshop_id }).update({ date: startsAt });
    const link = await this.buyerLink(reg.id);
    const ask = () => this.api('POST', `/api/booking/${link}/cancel`, { body: { confirm: true, attendee_ids: [seat.id] } });
    if (await this.inCancelledWorkshop(reg, 'seat cancel', false, ask)) return;
    const res = await ask();
    this.driver.note('seat cancel', res.status, res.text);
    if (res.status !== 200) return;
    const full = this.movedChoice(reg, reg.workshop_id, startsAt);
    const policy = full ? reg.unit_amount : await this.policyFor(reg, startsAt, 1);
    await this.checkPolicyAnswer(reg, 1, res.body.refund_cents, policy, `seat cancel (${full ? 'moved' : band})`, full);
    this.keptSeats(reg, 1, policy);
  }

  /** An admin cancels one seat of a team booking (its last one ends the booking), refunding a share of the seat's price. */
  private async adminCancelSeat(b: Buyer, share: 0 | 0.5 | 1) {
    const reg = await this.booking(b);
    if (!reg || reg.seats < 2) return;
    const seat = await this.db('attendees').where({ registration_id: reg.id, status: 'active' }).orderBy('position', 'desc').first('id');
    const cents = Math.floor(reg.unit_amount * share);
    const ask = () => this.api('POST', `/api/admin/registrations/${reg.id}/seats/${seat.id}/cancel`, { token: this.driver.adminToken, body: { refund_cents: cents } });
    if (await this.inCancelledWorkshop(reg, 'admin seat cancel', true, ask)) return;
    const res = await ask();
    this.driver.note('admin seat cancel', res.status, res.text);
    if (res.status === 200) {
      this.decided(reg, cents, `admin seat (${share})`);
      this.keptSeats(reg, 1, cents);
      await this.driver.run.kept.ended(this.db, reg, { value: reg.unit_amount, back: cents, counted: 0, explicit: true, by: `admin seat (${share})` });
    }
  }

  /** The buyer renames a seat: no money moves, whatever else happens meanwhile. */
  private async rename(b: Buyer) {
    const reg = await this.booking(b);
    if (!reg) return;
    const seat = await this.db('attendees').where({ registration_id: reg.id, status: 'active' }).orderBy('position', 'desc').first('id');
    const res = await this.api('PATCH', `/api/booking/${await this.buyerLink(reg.id)}/seats/${seat.id}`, { body: { name: 'Model Renamed', email: b.email.replace('@', `+renamed${++this.renames}@`) } });
    this.driver.note('rename', res.status, res.text);
  }

  private renames = 0;

  /** An admin's goodwill refund of a share of the seats held (or exactly `exact`); the booking goes on. */
  private async goodwill(b: Buyer, share: 0.25 | 0.5, exact?: number) {
    const reg = await this.booking(b);
    if (!reg) return;
    const cents = exact ?? Math.max(1, Math.floor(reg.unit_amount * reg.seats * share));
    // The dialog's id for this decision, as the admin UI sends it.
    const requestId = randomUUID();
    const ask = () => this.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: this.driver.adminToken, body: { amount_cents: cents, reason: 'model', keep_booking: true, request_id: requestId } });
    if (await this.inCancelledWorkshop(reg, 'goodwill', true, ask)) return;
    this.driver.run.kept.askingGoodwill(reg);
    const res = await ask();
    this.driver.note('goodwill', res.status, res.text);
    if (res.status !== 200) return;
    this.decided(reg, cents, `goodwill (${exact ?? share})`, res.body.refundCents);
    this.driver.run.kept.goodwill(reg, cents);
    const g = this.driver.run.goodwill.get(reg.id) ?? { given: 0, counted: 0 };
    this.driver.run.goodwill.set(reg.id, { ...g, given: g.given + cents });
    // A second click, or the request retried after a lost answer: the same decision, never a second
    // one (no decision is recorded for it, so money it gave back would break the ledger's invariants).
    const again = await ask();
    this.driver.note('goodwill again', again.status, again.text);
  }

  private async adminCancel(b: Buyer, share: 0 | 0.5 | 1) {
    const reg = await this.booking(b);
    if (!reg) return;
    // A share of what the booking still holds (its active seats at their price: never more than the payment keeps).
    const cents = Math.floor(reg.unit_amount * reg.seats * share);
    const ask = () =>
      cents
        ? this.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: this.driver.adminToken, body: { amount_cents: cents, reason: 'model' } })
        : this.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: this.driver.adminToken });
    if (await this.inCancelledWorkshop(reg, 'admin cancel', true, ask)) return;
    const res = await ask();
    this.driver.note('admin cancel', res.status, res.text);
    if (res.status === 200) {
      this.decided(reg, cents, `admin (${share})`);
      this.keptSeats(reg, reg.seats, cents / Math.max(1, reg.seats));
      await this.driver.run.kept.ended(this.db, reg, { value: reg.unit_amount * reg.seats, back: cents, counted: 0, explicit: true, by: `admin (${share})` });
    }
  }

  /**
   * Retry on every open refund of the case, pressed while its automatic run is waiting on the
   * provider when one is (its job is locked), as an impatient admin would.
   */
  private async adminRetry() {
    const payments = await this.driver.casePaymentIds();
    const open = await this.db('refunds').whereIn('payment_id', payments).whereNot('status', 'succeeded').select('id');
    for (const f of open) {
      const deadline = Date.now() + Math.min(this.slowMs, 1000);
      while (Date.now() < deadline && !(await this.running(f.id))) await new Promise((r) => setTimeout(r, 20));
      const res = await this.api('POST', `/api/admin/attention/refunds/${f.id}/retry`, { token: this.driver.adminToken });
      // 409: it went through meanwhile.
      if (res.status !== 409) this.driver.note('admin retry', res.status, res.text);
    }
  }

  private async running(refundId: string): Promise<boolean> {
    const r = await this.db.raw(`SELECT 1 FROM graphile_worker._private_jobs WHERE payload->>'refund_id' = ? AND locked_at IS NOT NULL LIMIT 1`, [refundId]);
    return r.rows.length > 0;
  }

  private async move(b: Buyer) {
    const reg = await this.booking(b);
    if (!reg) return;
    const target = this.driver.run.workshopIds.find((id) => id !== reg.workshop_id)!;
    const res = await this.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: this.driver.adminToken, body: { workshop_id: target } });
    this.driver.note('move', res.status, res.text);
  }

  private async moveSeat(b: Buyer) {
    const reg = await this.booking(b);
    if (!reg || reg.seats < 2) return;
    const seat = await this.db('attendees').where({ registration_id: reg.id, status: 'active' }).orderBy('position', 'desc').first('id');
    const target = this.driver.run.workshopIds.find((id) => id !== reg.workshop_id)!;
    const res = await this.api('POST', `/api/admin/registrations/${reg.id}/seats/${seat.id}/move`, { token: this.driver.adminToken, body: { workshop_id: target } });
    this.driver.note('seat move', res.status, res.text);
  }
}
