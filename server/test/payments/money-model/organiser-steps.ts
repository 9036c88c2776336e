import { newBookingToken } from '../../../src/registrations/booking-token';
import type { ApiClient, TestServer } from '../../support/test-server';
import { countGoodwill, recordDecision } from './case-run';
import type { Buyer, MoneyDriver } from './driver';

/**
 * The organiser calls the case's workshop off (issue 23): once, or twice (a second click). The
 * decision is written down from what the driver saw before asking, never from the server's
 * records: every booking completed in the workshop then gets the whole price of the seats it
 * holds back (hand money given back at the provider counts toward it), and earlier decisions about
 * it stay as they were. The run through the bookings happens in the server's queue meanwhile.
 */
export class OrganiserSteps {
  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly driver: MoneyDriver,
  ) {}

  private get db() {
    return this.server.deps.db;
  }

  /** An admin moves the case's workshop to another date (the buyers who paid may then choose a full refund while it is 48 hours away). */
  async reschedule(days: number): Promise<void> {
    const id = this.driver.run.workshopId;
    const res = await this.api('PATCH', `/api/admin/workshops/${id}`, { token: this.driver.adminToken, body: { date: new Date(Date.now() + days * 86_400_000).toISOString() } });
    this.driver.note('reschedule', res.status, res.text);
    // (A cancelled workshop cannot be moved: 409.) When it moved is the admin's act, read back to the millisecond.
    if (res.status === 200) this.driver.run.rescheduledAt.set(id, new Date((await this.db('workshops').where({ id }).first('rescheduled_at')).rescheduled_at).getTime());
  }

  /** The buyer hands their booking of one seat to someone else: no money moves, whatever follows. */
  async transfer(b: Buyer, byAdmin: boolean): Promise<void> {
    const reg = await this.db('workshop_registrations').whereIn('workshop_id', this.driver.run.workshopIds).where({ email: b.email, status: 'completed', seats: 1 }).first('id');
    if (!reg) return;
    const to = { name: 'Model Taker', email: b.email.replace('@', `+taker${++this.takers}@`), phone: '9876543210' };
    if (byAdmin) {
      const res = await this.api('POST', `/api/admin/registrations/${reg.id}/transfer`, { token: this.driver.adminToken, body: { ...to, reason: 'model' } });
      return this.driver.note('admin transfer', res.status, res.text);
    }
    const link = newBookingToken();
    await this.db('workshop_registrations').where({ id: reg.id }).update({ booking_token_hash: link.hash });
    const res = await this.api('POST', `/api/booking/${link.token}/transfer`, { body: to });
    this.driver.note('transfer', res.status, res.text);
  }

  private takers = 0;

  async cancelWorkshop(): Promise<void> {
    const id = this.driver.run.workshopId;
    const first = !this.driver.run.cancelledWorkshop;
    const held: { id: string; payment_id: string | null; paid_with_payment_id: string | null; unit_amount: number; seats: number; amount: number }[] = await this.db('workshop_registrations')
      .where({ workshop_id: id, status: 'completed' })
      .select('id', 'payment_id', 'paid_with_payment_id', 'unit_amount', 'seats', 'amount');
    const res = await this.api('POST', `/api/admin/workshops/${id}/cancel`, { token: this.driver.adminToken, body: { reason: 'The model calls it off.', confirm: true } });
    this.driver.note('cancel workshop', res.status, res.text);
    if (res.status !== 200) {
      // A workshop that started cannot be called off; anything else is a broken promise.
      if (res.status !== 409) this.driver.run.problems.push(`cancelling the workshop answered ${res.status}: ${res.text.slice(0, 200)}`);
      return;
    }
    if (!first) return;
    this.driver.run.cancelledWorkshop = id;
    this.driver.byHand.calledOff(held);
    for (const reg of held) {
      // The seats' whole price, never more than the booking still holds after what its decisions gave back (goodwill included).
      const whole = reg.unit_amount * reg.seats;
      const counted = countGoodwill(this.driver.run, reg.id, whole);
      const owed = Math.min(whole - counted, reg.amount - (this.driver.run.givenBack.get(reg.id) ?? 0));
      recordDecision(this.driver.run, reg, owed, 'organiser');
      // Nothing of the seats held is kept; what earlier decisions kept stays kept.
      await this.driver.run.kept.ended(this.db, reg, { value: whole, back: owed + counted, counted, explicit: false, by: 'organiser', ending: held.map((r) => r.id) });
      const paymentId = reg.payment_id ?? reg.paid_with_payment_id;
      const hand = paymentId ? this.driver.run.hand.get(paymentId) : undefined;
      if (paymentId) this.driver.run.handAtCancel.set(paymentId, { cents: hand?.cents ?? 0, beyond: hand?.beyond ?? 0 });
    }
  }
}
