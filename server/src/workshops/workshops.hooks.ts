import { transactionHook } from '../domain-events/transaction-hook';

/** A workshop's start moved: whatever is timed from it (reminders) follows, in the same transaction. */
export const workshopRescheduled = transactionHook<{ workshopId: string }>('workshop rescheduled');
