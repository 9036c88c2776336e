import type { Knex } from 'knex';
import { addRepeatableKind, removeRepeatableKind } from './support/repeatable-email-kinds';

/** A booking (or a seat of it) handed to someone else: whoever gave it away, or the team's buyer, is told, once per transfer. */
const KIND = 'booking_transferred';

export async function up(knex: Knex): Promise<void> {
  await addRepeatableKind(knex, KIND);
}

export async function down(knex: Knex): Promise<void> {
  await removeRepeatableKind(knex, KIND);
}
