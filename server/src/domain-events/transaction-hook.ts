import type { Knex } from 'knex';

export type TransactionSubscriber<E> = (trx: Knex.Transaction, event: E) => Promise<void>;

/**
 * A point where a lower domain lets the domains above it act, without knowing them (Ghost's
 * domain events, with one twist for money): subscribers run inside the emitter's transaction,
 * so what they write commits or rolls back with the change that set them off. Work that may
 * happen later (emails, live events) is queued as a job by the subscriber, in that same
 * transaction. Subscribers are registered once, by name, in the composition root
 * (server/src/plugins/domain-hooks.ts): the one place that says what follows what. They get
 * everything they need from the event, never from a server instance.
 */
export interface TransactionHook<E> {
  readonly name: string;
  subscribe(name: string, fn: TransactionSubscriber<E>): void;
  emit(trx: Knex.Transaction, event: E): Promise<void>;
  /** Who listens, in order: for the composition root's test and for readers. */
  subscribers(): string[];
}

export function transactionHook<E>(name: string): TransactionHook<E> {
  const subscribers = new Map<string, TransactionSubscriber<E>>();
  return {
    name,
    // By name, so wiring the same subscriber again (a second server in one process) replaces it.
    subscribe: (sub, fn) => void subscribers.set(sub, fn),
    async emit(trx, event) {
      for (const fn of subscribers.values()) await fn(trx, event);
    },
    subscribers: () => [...subscribers.keys()],
  };
}
