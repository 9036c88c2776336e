import type { Db } from '../db/knex';
import { signSendgridEvents } from './sandbox.credentials';
import { sandboxId } from './sandbox.store';

/** How long events wait to go out together, as SendGrid batches its Event Webhook posts. */
const BATCH_MS = 500;
const TRIES = 3;
const BOUNCES = 'sendgrid_bounces';
export const SANDBOX_BOUNCE_REASON = '550 5.1.1 The email account that you tried to reach does not exist. (sandbox)';

/**
 * The sandbox's Event Webhook: what became of each message it accepted, posted to the server
 * signed with the sandbox's key exactly as SendGrid signs, a batch at a time. Every message is
 * delivered, except to an address told to bounce (POST /sandbox/sendgrid/bounce), which bounces
 * from then on. Until the server says where it listens (`to`), nothing is sent.
 */
export class SandboxEventWebhook {
  private target: string | undefined;
  private queue: object[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  to(url: string | undefined): void {
    this.target = url;
  }

  /** The events of one accepted message to these addresses (our id travels in its custom arguments). */
  async accepted(messageId: string, to: string[], customArgs: Record<string, unknown>): Promise<void> {
    if (!this.target) return;
    const bouncing = new Set(await this.bouncing());
    const timestamp = Math.floor(Date.now() / 1000);
    for (const email of to) {
      const bounce = bouncing.has(email.toLowerCase());
      this.queue.push({
        email,
        timestamp,
        event: bounce ? 'bounce' : 'delivered',
        ...(bounce ? { type: 'bounce', reason: SANDBOX_BOUNCE_REASON, status: '5.1.1' } : { response: '250 2.0.0 OK (sandbox)' }),
        sg_event_id: sandboxId('sgev_'),
        sg_message_id: `${messageId}.sandbox0`,
        ...customArgs,
      });
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.sending = this.sending.then(() => this.flush());
    }, BATCH_MS);
  }

  async bounceFrom(email: string): Promise<void> {
    await this.db.raw(
      `INSERT INTO provider_sandbox.controls (key, value) VALUES (?, jsonb_build_array(?::text))
       ON CONFLICT (key) DO UPDATE SET value = CASE WHEN provider_sandbox.controls.value @> excluded.value THEN provider_sandbox.controls.value ELSE provider_sandbox.controls.value || excluded.value END`,
      [BOUNCES, email.toLowerCase()],
    );
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.target = undefined;
    this.queue = [];
  }

  private async bouncing(): Promise<string[]> {
    const r = await this.db.raw(`SELECT value FROM provider_sandbox.controls WHERE key = ?`, [BOUNCES]);
    return (r.rows[0]?.value as string[] | undefined) ?? [];
  }

  /** One signed post of what is queued; SendGrid tries again when it gets no 2xx, and so does this, a few times. */
  private async flush(): Promise<void> {
    const batch = this.queue.splice(0);
    if (!batch.length) return;
    const raw = JSON.stringify(batch);
    for (let attempt = 1; attempt <= TRIES && this.target; attempt++) {
      try {
        const res = await fetch(this.target, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', ...signSendgridEvents(raw) } });
        if (res.ok) return;
      } catch {
        // The server is starting, stopping or busy: tried again.
      }
      await new Promise((r) => setTimeout(r, attempt * 500));
    }
  }
}
