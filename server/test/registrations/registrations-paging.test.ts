import { describe, expect, it } from 'vitest';
import { filteredRegistrations, registrationsPage, type RegistrationFilter } from '../../src/registrations/registrations.queries';
import { dbNow, insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

describe('registration pages', () => {
  it('are the same slices of the newest-first list whichever end they are read from', async () => {
    await h.db('workshop_registrations').delete();
    const a = await insertWorkshop(h.db, { title: 'A' });
    const b = await insertWorkshop(h.db, { title: 'B' });
    const now = (await dbNow(h.db)).getTime();
    // Ties on created_at are broken by id, the same way in both directions.
    for (let i = 0; i < 23; i++) {
      await insertRegistration(h.db, i % 2 ? a.id : b.id, { name: `Person ${i}`, status: i % 3 ? 'completed' : 'pending', created_at: new Date(now - Math.floor(i / 2) * 60_000) });
    }
    const filters: RegistrationFilter[] = [{ q: '' }, { q: '', status: 'completed' }, { q: '', workshop_id: a.id }, { q: 'person 1' }];
    for (const f of filters) {
      const all = (await filteredRegistrations(h.db, f)).map((r: { id: string }) => r.id);
      for (const size of [5, 7, 25]) {
        for (let page = 1; page <= Math.ceil(all.length / size) + 1; page++) {
          const want = all.slice((page - 1) * size, page * size);
          const forward = (await registrationsPage(h.db, f, page, size)).map((r: { id: string }) => r.id);
          const fromEnd = (await registrationsPage(h.db, f, page, size, all.length)).map((r: { id: string }) => r.id);
          expect(forward, `${JSON.stringify(f)} page ${page} of ${size}`).toEqual(want);
          expect(fromEnd, `${JSON.stringify(f)} page ${page} of ${size}, from the end`).toEqual(want);
        }
      }
    }
  });
});
