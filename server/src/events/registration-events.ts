import type { Knex } from 'knex';

/** PostgreSQL channel every server instance LISTENs on and relays to its admin clients. */
export const ADMIN_EVENTS_CHANNEL = 'admin_events';

/** How long events are kept for reconnecting clients (the purge job deletes older ones). */
export const ADMIN_EVENT_RETENTION = `interval '1 day'`;

/** Most events one reconnecting client is sent at once. */
const REPLAY_LIMIT = 1000;

/** One admin event as relayed: its id (the SSE `id:`), type (the SSE `event:`) and JSON text. */
export interface AdminEvent {
  id: number;
  type: string;
  data: string;
}

/**
 * Emits `registration.completed` for a registration. Call it inside the transaction that
 * completes it: the event row and the NOTIFY exist only if that transaction commits.
 */
export async function notifyRegistrationCompleted(trx: Knex | Knex.Transaction, registrationId: string): Promise<void> {
  await trx.raw(
    `WITH e AS (
       INSERT INTO admin_events (type, payload)
       SELECT 'registration.completed', jsonb_build_object(
           'type', 'registration.completed',
           'registration_id', r.id,
           'access_id', r.access_id,
           'name', r.name,
           'email', r.email,
           'workshop_title', w.title,
           'amount', r.amount,
           'payment_method', r.payment_method,
           'completed_at', coalesce(r.completed_at, now()))
         FROM workshop_registrations r JOIN workshops w ON w.id = r.workshop_id
        WHERE r.id = ?
       RETURNING id, type, payload)
     SELECT pg_notify(?, jsonb_build_object('id', e.id, 'type', e.type, 'data', e.payload)::text) FROM e`,
    [registrationId, ADMIN_EVENTS_CHANNEL],
  );
}

/** A NOTIFY payload as an event, or undefined for anything else. */
export function parseNotification(payload: string): AdminEvent | undefined {
  try {
    const p = JSON.parse(payload) as { id?: unknown; type?: unknown; data?: unknown };
    if (typeof p.id !== 'number' || typeof p.type !== 'string' || typeof p.data !== 'object' || p.data === null) return undefined;
    return { id: p.id, type: p.type, data: JSON.stringify(p.data) };
  } catch {
    return undefined;
  }
}

/**
 * What a client whose last event was `afterId` has not seen: every later id, and every smaller
 * id whose transaction had not committed when `afterId` was written (ids are taken before
 * commit, so such a row can commit after it; one that had committed was notified before it).
 * A client may get one of the latter twice if it was listening then; it keeps the ids it has
 * seen. An unknown id (purged) replays every later one.
 */
export async function eventsAfter(db: Knex, afterId: number): Promise<AdminEvent[]> {
  const { rows } = await db.raw(
    `SELECT id, type, payload::text AS data FROM admin_events
      WHERE id > :after
         OR (id < :after AND NOT pg_visible_in_snapshot(txid, (SELECT snap FROM admin_events WHERE id = :after)))
      ORDER BY id LIMIT ${REPLAY_LIMIT}`,
    { after: afterId },
  );
  return (rows as { id: number; type: string; data: string }[]).map((r) => ({ id: Number(r.id), type: r.type, data: r.data }));
}

/** Whether a client whose last event was `afterId` had event `id` already (it committed before `afterId` was written). */
export async function seenBefore(db: Knex, id: number, afterId: number): Promise<boolean> {
  if (id === afterId) return true;
  const { rows } = await db.raw(
    `SELECT pg_visible_in_snapshot(e.txid, (SELECT snap FROM admin_events WHERE id = :after)) AS seen FROM admin_events e WHERE e.id = :id`,
    { id, after: afterId },
  );
  return rows[0]?.seen === true;
}

/** The newest event id (0 when there is none): the point a new client starts from. */
export async function latestEventId(db: Knex): Promise<number> {
  const { rows } = await db.raw('SELECT coalesce(max(id), 0) AS id FROM admin_events');
  return Number(rows[0]?.id ?? 0);
}
