import { REGISTRATION_STATUSES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { canTransition, REGISTRATION_TRANSITIONS } from '../../src/registrations/registration-status';
import { transition, TransitionError, tryTransition } from '../../src/registrations/registration-transition';
import { insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer();

describe('the registration state table', () => {
  it('lists every status the shared schema knows, and nothing else', () => {
    expect(Object.keys(REGISTRATION_TRANSITIONS).sort()).toEqual([...REGISTRATION_STATUSES].sort());
  });

  it('is what the database enforces: every pair the table allows goes through a raw UPDATE, every other is refused', async () => {
    const w = await insertWorkshop(h.db);
    const refused: string[] = [];
    const allowed: string[] = [];
    for (const from of REGISTRATION_STATUSES) {
      for (const to of REGISTRATION_STATUSES) {
        if (from === to) continue;
        const reg = await insertRegistration(h.db, w.id, { status: from, payment_id: `PAY-${from}-${to}` });
        // A stray UPDATE, as any code path or a person at psql could write it.
        const ok = await h.db('workshop_registrations')
          .where({ id: reg.id })
          .update({ status: to })
          .then(() => true)
          .catch((err) => {
            expect(err.constraint).toBe('registration_status_transition');
            return false;
          });
        (ok ? allowed : refused).push(`${from}→${to}`);
        expect(ok, `${from} → ${to}`).toBe(canTransition(from, to));
      }
    }
    expect(allowed).toContain('refund_pending→refunded');
    expect(refused).toContain('refunded→completed');
    expect(refused).toContain('refund_pending→completed');
  });

  it('transition() writes only from the states it names, and says so loudly otherwise', async () => {
    const w = await insertWorkshop(h.db);
    const reg = await insertRegistration(h.db, w.id, { status: 'pending', payment_id: null });
    expect(await tryTransition(h.db, reg.id, ['failed'], 'completed')).toBeUndefined();
    await expect(transition(h.db, reg.id, ['failed'], 'completed', { payment_id: 'PAY-X' })).rejects.toBeInstanceOf(TransitionError);
    expect((await h.db('workshop_registrations').where({ id: reg.id }).first()).status).toBe('pending');
    const done = await transition<{ status: string; status_reason: string }>(h.db, reg.id, ['pending'], 'failed', { status_reason: 'hold_expired' });
    expect(done).toMatchObject({ status: 'failed', status_reason: 'hold_expired' });
    await expect(transition(h.db, reg.id, ['refunded'], 'completed')).rejects.toThrow('refunded → completed is not allowed');
  });
});
