import type { PaymentMethod } from '@workshop/shared';
import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import type { EmailSender } from '../email/email.queue';
import type { Status } from '../registrations/registration-status';
import type { Providers } from './payment-provider';

/** What every payment service needs: the database, the enabled providers, where emails come from. */
export interface PaymentsContext {
  db: Db;
  logger: Logger;
  sender: EmailSender;
  providers: Providers;
  holdMinutes: number;
}

export interface RegistrationRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  workshop_id: string;
  access_id: string;
  amount: number;
  currency: string;
  payment_id: string | null;
  /** A seat an admin moved out of a team booking: the payment of the order it came from, which pays for it. */
  paid_with_payment_id?: string | null;
  provider_order_id: string | null;
  payment_method: PaymentMethod | null;
  status: Status;
  /** Seats the order holds now (1 to 10; a cancelled seat gives its place back), of `seats_bought` paid for. */
  seats: number;
  seats_bought: number;
  status_reason: string | null;
  hold_expires_at: Date | null;
  reconcile_attempts: number;
  /** When the money was verified and the seat became theirs (a late payment: when it arrived). */
  completed_at?: Date | null;
  booking_token_hash?: string | null;
  /** When the retention run deleted its payment records (issue 27, point 1): its money is never decided again. */
  payment_records_deleted_at?: Date | null;
  /** When an admin last moved the booking to another workshop (it is there since then). */
  moved_in_at?: Date | null;
  /** Added by an admin by hand: complimentary, or paid outside the site (bank transfer, cash); no provider ever holds its money. */
  by_hand_payment?: 'complimentary' | 'offline' | null;
  /** What an admin recorded giving back by hand of a booking paid outside the site. */
  by_hand_refunded_cents?: number;
  created_at: Date;
}

export async function findByOrder(db: Db, method: PaymentMethod, orderId: string): Promise<RegistrationRow | undefined> {
  return db('workshop_registrations').where({ payment_method: method, provider_order_id: orderId }).first();
}
