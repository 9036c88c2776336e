import type { ApiClient, TestServer } from '../../support/test-server';
import type { Buyer, MoneyDriver } from './driver';

/**
 * The buyer's data is erased on their request (issue 27), run by an owner on their behalf. `aged`:
 * their failed checkouts are made a week old first, so none stops the erasure, and an order of
 * theirs may still be paid afterwards (payOld): that money must come back in full, never buy a
 * seat nobody can be told of. A booking still to come stops it, changing nothing. Either way no
 * money moves, and every invariant of the case holds after.
 */
export class PrivacySteps {
  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly driver: MoneyDriver,
  ) {}

  async erase(b: Buyer, aged: boolean): Promise<void> {
    const db = this.server.deps.db;
    if (aged) {
      await db('workshop_registrations')
        .whereIn('workshop_id', this.driver.run.workshopIds)
        .whereRaw('lower(email) = lower(?)', [b.email])
        .where({ status: 'failed' })
        .update({ updated_at: db.raw(`now() - interval '8 days'`) });
    }
    const res = await this.api('POST', '/api/admin/privacy/requests', { token: this.driver.adminToken, body: { email: b.email, kind: 'erasure', reason: 'The model asks.' } });
    this.driver.note('erase', res.status, res.text);
    if (res.status !== 200) this.driver.run.problems.push(`an erasure answered ${res.status}: ${res.text.slice(0, 200)}`);
  }
}
