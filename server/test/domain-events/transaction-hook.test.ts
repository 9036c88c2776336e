import { describe, expect, it } from 'vitest';
import { transactionHook } from '../../src/domain-events/transaction-hook';
import { emailAttachments } from '../../src/email/email.attachments';
import { checkoutAbandoned, paymentCompleted, refundCompleted } from '../../src/payments/payments.hooks';
import { wireDomainHooks } from '../../src/plugins/domain-hooks';
import { workshopRescheduled } from '../../src/workshops/workshops.hooks';
import { useTestServer } from '../support/test-server';

const h = useTestServer();

describe('a transaction hook', () => {
  it("runs its subscribers in order inside the emitter's transaction: a failing one rolls the change back", async () => {
    const hook = transactionHook<{ key: string }>('test');
    const seen: string[] = [];
    hook.subscribe('first', async (trx, e) => {
      seen.push(`first ${e.key}`);
      await trx('revive').insert({ name: e.key });
    });
    hook.subscribe('second', async (_trx, e) => {
      seen.push(`second ${e.key}`);
      if (e.key === 'hook_fails') throw new Error('subscriber failed');
    });
    await h.db.transaction((trx) => hook.emit(trx, { key: 'hook_ok' }));
    await expect(h.db.transaction((trx) => hook.emit(trx, { key: 'hook_fails' }))).rejects.toThrow('subscriber failed');
    expect(seen).toEqual(['first hook_ok', 'second hook_ok', 'first hook_fails', 'second hook_fails']);
    expect(await h.db('revive').whereIn('name', ['hook_ok', 'hook_fails']).pluck('name')).toEqual(['hook_ok']);
  });

  it('takes a subscriber once by name, however often the wiring runs (several servers in one process)', async () => {
    const hook = transactionHook<number>('test');
    let calls = 0;
    for (let i = 0; i < 3; i++) hook.subscribe('counter', async () => void calls++);
    await h.db.transaction((trx) => hook.emit(trx, 1));
    expect(calls).toBe(1);
  });
});

describe('the composition root', () => {
  it('says what follows a completed payment, an abandoned checkout and a rescheduled workshop', () => {
    wireDomainHooks();
    expect(paymentCompleted.subscribers()).toEqual(['recovery: the follow-up that won the sale back is credited', 'reminders: 24 h and 1 h before the start', "invoices: the order's invoice, numbered in this transaction"]);
    expect(refundCompleted.subscribers()).toEqual(['invoices: a credit note for exactly what went back']);
    expect(checkoutAbandoned.subscribers()).toEqual(['recovery: one follow-up email is planned']);
    expect(workshopRescheduled.subscribers()).toEqual(['reminders: re-planned from the new start']);
    expect(emailAttachments.providers()).toEqual(['invoices: the invoice on a confirmation, the credit note on its email']);
  });
});
