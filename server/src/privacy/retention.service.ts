import { randomBytes } from 'node:crypto';
import { DEFAULT_SETTINGS, type RetentionCounts, type RetentionPreview, retentionSchema, type Settings } from '@workshop/shared';
import type { Db } from '../db/knex';
import { readSetting } from '../settings/settings.queries';
import { deletePaymentRecords, deleteUnattributedPayments, deleteUnattributedRecords } from './payment-records.queries';
import { anonymiseUnlinkedEmails, anonymiseBookings, anonymiseCleared, anonymiseLeads, countDue, dueSql, RETENTION_BATCH } from './retention.queries';

/** The activity log's name for a run (no admin made it). */
export const RETENTION_ACTION = 'retention run';

const LEADS = ['interests', 'video_leads', 'revive', 'waitlist', 'checkout_follow_ups'] as const;

const zero = (): RetentionCounts => ({ registrations: 0, cleared_bookings: 0, seats: 0, emails: 0, interests: 0, video_leads: 0, revive: 0, waitlist: 0, checkout_follow_ups: 0, unlinked_emails: 0, payment_records: 0, unattributed_payments: 0 });

/** The owners' periods; a stored value the form would refuse (written by hand) falls back to the SPEC's, never to deleting early. */
async function periodsNow(db: Db): Promise<Settings['retention']> {
  const stored = await readSetting(db, 'retention');
  return retentionSchema.safeParse(stored).success ? stored : DEFAULT_SETTINGS.retention;
}

/** What the next run would do, by the owners' periods now. */
export async function previewRetention(db: Db): Promise<RetentionPreview> {
  const periods = await periodsNow(db);
  const last = await db('admin_activity').where({ action: RETENTION_ACTION }).orderBy('id', 'desc').first('created_at');
  return { periods, due: await countDue(db, periods), last_run_at: last ? new Date(last.created_at).toISOString() : null };
}

/**
 * Applies the retention periods (issue 27, point 1) in batches of RETENTION_BATCH rows, each its
 * own short transaction that skips rows another transaction holds (the next run takes them): a
 * backlog of millions never holds the checkout's tables for long. Personal data past its period is
 * anonymised in place (counts and money stay); payment records and invoices past theirs are
 * deleted, leaving tombstones so no replay re-creates them (payment-records.queries.ts).
 * The run is written to the activity log with its counts.
 */
export async function runRetention(db: Db): Promise<RetentionCounts> {
  const periods = await periodsNow(db);
  const due = dueSql(periods);
  const done = zero();
  // One person keeps one erased address across a run's batches (the funnel counts people), and no other run's.
  const salt = randomBytes(16).toString('hex');
  // In id order from where the last batch ended, so no batch reads again the rows done before it
  // (a backlog of millions stays linear); rows busy elsewhere are passed over, taken by the next run.
  const batches = async (kind: keyof RetentionCounts, work: (ids: string[]) => Promise<number>) => {
    let after: string | number | undefined;
    for (;;) {
      const page = `SELECT id FROM (${due[kind]}) d ${after === undefined ? '' : 'WHERE id > ?'} ORDER BY id LIMIT ${RETENTION_BATCH}`;
      const ids = await db.transaction(async (trx) => {
        // The due predicates look costly to the planner on a big table, which then compiles each page
        // (JIT) for longer than the page takes to read: a million-row backlog spent minutes doing so.
        await trx.raw('SET LOCAL jit = off');
        return (await trx.raw(page, after === undefined ? [] : [after])).rows.map((r: { id: string }) => r.id);
      });
      if (!ids.length) return;
      await work(ids).catch((err: { code?: string }) => {
        // A deadlock with a booking's own change, or a lock not had in time: this batch waits for the next run.
        if (err.code !== '40P01' && err.code !== '55P03') throw err;
      });
      after = ids[ids.length - 1];
    }
  };
  await batches('registrations', async (ids) => {
    const r = await db.transaction((trx) => anonymiseBookings(trx, ids, salt));
    done.registrations += r.registrations;
    done.seats += r.seats;
    done.emails += r.emails;
    return r.registrations;
  });
  await batches('cleared_bookings', async (ids) => {
    const n = await db.transaction((trx) => anonymiseCleared(trx, ids, salt));
    done.cleared_bookings += n;
    return n;
  });
  for (const kind of LEADS) {
    await batches(kind, async (ids) => {
      const n = await db.transaction((trx) => anonymiseLeads(trx, kind, ids, salt));
      done[kind] += n;
      return n;
    });
  }
  await batches('unlinked_emails', async (ids) => {
    const n = await db.transaction((trx) => anonymiseUnlinkedEmails(trx, ids, salt));
    done.unlinked_emails += n;
    return n;
  });
  await batches('payment_records', async (ids) => {
    const n = await db.transaction((trx) => deletePaymentRecords(trx, ids, periods.payment_years));
    done.payment_records += n;
    return n;
  });
  await batches('unattributed_payments', async (ids) => {
    const n = await db.transaction((trx) => deleteUnattributedPayments(trx, ids, periods.payment_years));
    done.unattributed_payments += n;
    return n;
  });
  let otherRecords = 0;
  for (let n = 1; n > 0; otherRecords += n) n = await db.transaction((trx) => deleteUnattributedRecords(trx, periods.payment_years));
  await db('admin_activity').insert({ actor_user_id: null, actor_email: null, action: RETENTION_ACTION, target_type: 'retention', target_id: null, before: null, after: JSON.stringify({ periods, done, provider_messages_and_invoices_deleted: otherRecords }), status: 200 });
  return done;
}
