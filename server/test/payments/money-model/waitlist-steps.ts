import { runWaitlistOffers } from '../../../src/waitlist/waitlist-offers';
import type { ApiClient, TestServer } from '../../support/test-server';
import type { Buyer, MoneyDriver } from './driver';
import type { Step } from './scenario';

/**
 * The waitlist's steps in the money model: people join the line of the case's workshop, the
 * offer job runs (here on demand, and also on its own in the worker whenever a seat frees),
 * offered people check out with their link, offers run out by the database's clock, people leave.
 */
export class WaitlistSteps {
  constructor(
    private readonly server: TestServer,
    private readonly api: ApiClient,
    private readonly driver: MoneyDriver,
  ) {}

  private get db() {
    return this.server.deps.db;
  }

  private get workshopId() {
    return this.driver.run.workshopId;
  }

  private entry(b: Buyer) {
    return this.db('waitlist_entries').where({ workshop_id: this.workshopId }).whereRaw('lower(email) = lower(?)', [b.email]).orderBy('created_at', 'desc').first();
  }

  async step(s: Step, b: Buyer | undefined): Promise<void> {
    switch (s.do) {
      case 'join': {
        const res = await this.api('POST', `/api/workshops/${this.workshopId}/waitlist`, { body: { name: 'Model Waiter', email: b!.email, phone: '9876543210' } });
        this.driver.note('join', res.status, res.text);
        return;
      }
      case 'claim': {
        const token = await this.offerToken(b!);
        if (token) await this.driver.checkout(b!, { waitlist_token: token });
        return;
      }
      case 'expireOffer':
        await this.db('waitlist_entries')
          .where({ workshop_id: this.workshopId, status: 'offered' })
          .whereRaw('lower(email) = lower(?)', [b!.email])
          .update({ offer_expires_at: this.db.raw(`now() - interval '1 second'`) });
        return;
      case 'leave': {
        const token = await this.offerToken(b!);
        if (!token) return;
        const res = await this.api('POST', '/api/waitlist/leave', { body: { token } });
        this.driver.note('leave', res.status, res.text);
        return;
      }
      case 'offers':
        await runWaitlistOffers(this.db, this.server.payments!.sender, this.workshopId);
        return;
    }
  }

  /** The personal link of the person's latest offer: from the queued email, or the one the sandbox received. */
  private async offerToken(b: Buyer): Promise<string | undefined> {
    const e = await this.entry(b);
    if (!e || e.offer_count === 0) return undefined;
    const queued = await this.db('email_messages').where({ kind: 'waitlist_offer', dedupe_key: `waitlist_offer:${e.id}:${e.offer_count}` }).first('data', 'status');
    const url: string | undefined = queued?.data?.waitlist?.offerUrl;
    if (url) return new URL(url).searchParams.get('waitlist_offer') ?? undefined;
    const sent = await this.db('provider_sandbox.emails').whereRaw('lower(to_email) = lower(?)', [b.email]).where('subject', 'like', 'A seat is waiting%').orderBy('id', 'desc').first('text_body');
    return /waitlist_offer=([a-f0-9]{64})/.exec(sent?.text_body ?? '')?.[1];
  }
}
