import type { Task } from 'graphile-worker';
import type { PaymentsContext } from '../payments/payments.context';
import { endCancelledBookings, WORKSHOP_CANCEL_TASK } from './workshop-cancel.service';

export { WORKSHOP_CANCEL_TASK };

/** The run through a cancelled workshop's bookings (queued by cancelWorkshop), on the money runner. */
export function workshopCancelTask(ctx: Pick<PaymentsContext, 'db' | 'sender'>): Task {
  return async (payload) => {
    const workshopId = (payload as { workshop_id?: string })?.workshop_id;
    if (workshopId) await endCancelledBookings(ctx, workshopId);
  };
}
