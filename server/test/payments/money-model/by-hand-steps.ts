import type { ApiClient, TestServer } from '../../support/test-server';
import type { Buyer, MoneyDriver } from './driver';

/**
 * Bookings an admin adds by hand (issue 23, point 5): complimentary or paid outside the site. They
 * take a seat like any other (the capacity invariant counts them), a buyer's own email included
 * (one seat per person), and their money is never a provider's: what goes back of it is recorded
 * on the row by hand, exactly what the admin's decision (or the organiser's, all of it) said. The
 * driver writes down those decisions from its own requests; the invariants compare.
 */
export class ByHandSteps {
  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly driver: MoneyDriver,
  ) {}

  private get db() {
    return this.server.deps.db;
  }

  private guests = 0;

  /** An admin gives a seat by hand: to a guest, or to the buyer themselves (refused if they hold or are buying one). */
  async add(b: Buyer, payment: 'complimentary' | 'offline', asBuyer: boolean): Promise<void> {
    const email = asBuyer ? b.email : b.email.replace('@', `+guest${++this.guests}@`);
    const amount = payment === 'offline' ? 7000 : 0;
    const res = await this.api('POST', '/api/admin/registrations', {
      token: this.driver.adminToken,
      body: { workshop_id: this.driver.run.workshopId, name: 'Model Guest', email, payment, amount_cents: amount, note: 'model' },
    });
    this.driver.note('add by hand', res.status, res.text);
    if (res.status === 201) this.driver.run.byHand.set(res.body.registration.id, { amount, owed: 0 });
    else if (res.status !== 409) this.driver.run.problems.push(`adding a booking by hand answered ${res.status}: ${res.text.slice(0, 200)}`);
  }

  /** An admin ends the k-th booking by hand still on: without a refund, or recording this share of it given back by hand. */
  async cancel(k: number, share: 0 | 0.5 | 1): Promise<void> {
    const ids = [...this.driver.run.byHand.keys()];
    if (!ids.length) return;
    const id = ids[k % ids.length];
    const seen = this.driver.run.byHand.get(id)!;
    const cents = Math.round(seen.amount * share);
    const res = cents
      ? await this.api('POST', `/api/admin/registrations/${id}/refund`, { token: this.driver.adminToken, body: { amount_cents: cents, reason: 'model' } })
      : await this.api('POST', `/api/admin/registrations/${id}/cancel`, { token: this.driver.adminToken });
    this.driver.note('cancel by hand', res.status, res.text);
    if (res.status === 200) seen.owed += cents;
  }

  /** An admin corrects the buyer's email on their booking (a new link and confirmation; no money moves). */
  async edit(b: Buyer): Promise<void> {
    const reg = await this.db('workshop_registrations').whereIn('workshop_id', this.driver.run.workshopIds).where({ email: b.email, status: 'completed' }).first('id');
    if (!reg) return;
    const res = await this.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: this.driver.adminToken, body: { email: b.email.replace('@', `+fixed${++this.guests}@`) } });
    this.driver.note('edit booking', res.status, res.text);
  }

  /** The organiser called the workshop off: every booking by hand still on is owed all it was paid. */
  calledOff(held: { id: string }[]): void {
    for (const r of held) {
      const seen = this.driver.run.byHand.get(r.id);
      if (seen) seen.owed = seen.amount;
    }
  }

  /** Settled: each booking by hand gave back by hand exactly what was decided, and no provider refund names it. */
  static async check(db: TestServer['deps']['db'], byHand: Map<string, { amount: number; owed: number }>): Promise<string[]> {
    const problems: string[] = [];
    for (const [id, seen] of byHand) {
      const row = await db('workshop_registrations').where({ id }).first('status', 'by_hand_refunded_cents', 'payment_method', 'payment_id');
      // A clear archived it: the archive keeps no by-hand figures to compare.
      if (!row) continue;
      if (row.by_hand_refunded_cents !== seen.owed) problems.push(`booking by hand ${id} recorded ${row.by_hand_refunded_cents} given back, the decisions said ${seen.owed}`);
      if (row.payment_method || row.payment_id) problems.push(`booking by hand ${id} names a provider payment`);
      if (await db('refunds').where({ registration_id: id }).first('id')) problems.push(`booking by hand ${id} has a provider refund`);
    }
    return problems;
  }
}
