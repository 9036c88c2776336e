import type { Knex } from 'knex';
import { addRepeatableKind, removeRepeatableKind } from './support/repeatable-email-kinds';

/** Issue 25: each credit note goes to the buyer in its own email, with its PDF, once the money is back (one per credit note). */
const KIND = 'credit_note';

export async function up(knex: Knex): Promise<void> {
  await addRepeatableKind(knex, KIND);
}

export async function down(knex: Knex): Promise<void> {
  await removeRepeatableKind(knex, KIND);
}
