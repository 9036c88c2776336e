import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { jsonb } from '../db/jsonb';

export interface RecordedEvent {
  id: string;
  /** True when this event id was seen before and its handling finished: nothing to do. */
  replay: boolean;
}

/**
 * Records a provider event under UNIQUE(provider, event_id). A replay is recognised by the
 * database. An event seen before whose handling never finished (a crash, a provider error)
 * is handled again; every handler is idempotent.
 */
export async function recordEvent(
  db: Db | Knex.Transaction,
  e: { provider: PaymentMethod; eventId: string; type: string; payload: unknown; registrationId?: string | null },
): Promise<RecordedEvent> {
  const [inserted] = await db('payment_events')
    .insert({ provider: e.provider, event_id: e.eventId, event_type: e.type, payload: jsonb(e.payload ?? {}), registration_id: e.registrationId ?? null })
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning('id');
  if (inserted) return { id: inserted.id, replay: false };
  const prior = await db('payment_events').where({ provider: e.provider, event_id: e.eventId }).first('id', 'processed_at');
  return { id: prior.id, replay: prior.processed_at !== null };
}

export async function markEventProcessed(db: Db | Knex.Transaction, id: string, outcome: string, registrationId?: string | null): Promise<void> {
  await db('payment_events')
    .where({ id })
    .update({ processed_at: db.fn.now(), outcome, ...(registrationId ? { registration_id: registrationId } : {}) });
}
