import { describe, expect, it } from 'vitest';
import { compactTallies, readTallies, TALLY_ROWS_BEFORE_COMPACTION, type Tally } from '../../src/registrations/registration-tallies';
import { insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

/** What counting every row says, in the tallies' shape. */
async function counted(): Promise<Tally[]> {
  const rows = await h.db('workshop_registrations')
    .select('workshop_id', 'status', h.db.raw('count(*)::int AS registrations'), h.db.raw('sum(amount)::int AS amount_cents'))
    .groupBy('workshop_id', 'status');
  return sorted(rows);
}
const sorted = (xs: Tally[]) => [...xs].map((t) => ({ ...t, registrations: Number(t.registrations), amount_cents: Number(t.amount_cents) })).sort((a, b) => `${a.workshop_id}${a.status}`.localeCompare(`${b.workshop_id}${b.status}`));
const tallied = async () => sorted(await readTallies(h.db));

describe('registration tallies', () => {
  it('agree with counting the rows after inserts, status changes, moves, amount changes and deletes', async () => {
    await h.db('workshop_registrations').delete();
    const a = await insertWorkshop(h.db, { title: 'A' });
    const b = await insertWorkshop(h.db, { title: 'B' });
    const regs = [];
    for (let i = 0; i < 12; i++) regs.push(await insertRegistration(h.db, i % 3 ? a.id : b.id, { status: i % 4 ? 'completed' : 'pending', amount: 1000 + i }));
    expect(await tallied()).toEqual(await counted());

    // One statement changing several rows; one changing none of the tallied columns.
    await h.db('workshop_registrations').whereIn('id', [regs[0].id, regs[4].id]).update({ status: 'completed', payment_id: h.db.raw(`'PAY-' || id`) });
    await h.db('workshop_registrations').update({ updated_at: h.db.fn.now() });
    await h.db('workshop_registrations').where('id', regs[1].id).update({ status: 'refunded' });
    await h.db('workshop_registrations').where('id', regs[2].id).update({ workshop_id: b.id, amount: 5 });
    await h.db('workshop_registrations').where('id', regs[3].id).delete();
    expect(await tallied()).toEqual(await counted());

    // Only the changes were appended: an update touching no tallied column wrote nothing.
    const before = Number((await h.db('registration_tallies').count('* as n').first())!.n);
    await h.db('workshop_registrations').update({ updated_at: h.db.fn.now() });
    expect(Number((await h.db('registration_tallies').count('* as n').first())!.n)).toBe(before);

    // Folding keeps the sums and leaves one row per (workshop, status).
    expect(await compactTallies(h.db)).toBe(before);
    expect(Number((await h.db('registration_tallies').count('* as n').first())!.n)).toBe((await counted()).length);
    expect(await tallied()).toEqual(await counted());

    // Clearing the table (even by TRUNCATE) clears the tallies.
    await h.db.raw('TRUNCATE workshop_registrations CASCADE');
    expect(await tallied()).toEqual([]);
  });

  it('folds its rows on a read once they pass the threshold, and the filtered list totals stay exact', async () => {
    await h.db('workshop_registrations').delete();
    await compactTallies(h.db);
    const w = await insertWorkshop(h.db, { title: 'Busy' });
    const reg = await insertRegistration(h.db, w.id, { status: 'completed', amount: 100 });
    // Each update toggles the amount: one row of tallies per statement.
    for (let i = 0; i < TALLY_ROWS_BEFORE_COMPACTION + 1; i++) await h.db('workshop_registrations').where('id', reg.id).update({ amount: i % 2 ? 100 : 200 });
    expect(Number((await h.db('registration_tallies').count('* as n').first())!.n)).toBeGreaterThan(TALLY_ROWS_BEFORE_COMPACTION);
    expect(await tallied()).toEqual(await counted());
    expect(Number((await h.db('registration_tallies').count('* as n').first())!.n)).toBe(1);

    await insertRegistration(h.db, w.id, { status: 'pending', amount: 100 });
    await insertRegistration(h.db, w.id, { status: 'failed', amount: 100 });
    const list = (q: string) => h.api('GET', `/api/admin/registrations?tz=UTC${q}`, { token: h.token });
    expect((await list('')).body.total).toBe(3);
    expect((await list('&status=pending')).body.total).toBe(1);
    expect((await list(`&workshop_id=${w.id}&status=completed`)).body.total).toBe(1);
    expect((await list('&status=refunded')).body.total).toBe(0);
    expect((await list('')).body.summary).toMatchObject({ total: 3, completed: 1, today: 3 });
  });
});
