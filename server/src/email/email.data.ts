import { BY_HAND_LABELS, type ByHandPayment } from '@workshop/shared';
import type { Knex } from 'knex';
import type { AfterWorkshopLinks } from './after-workshop.template';
import type { PrivacyConfirmation } from './privacy.template';
import type { RegistrationEmailData } from './email.templates';

export interface EmailSender {
  publicBaseUrl: string;
  from: { email: string; name: string };
}

/**
 * What an email is built from, taken when it is queued (plain JSON): building it later cannot
 * fail the payment that queued it, and clearing registrations cannot lose it.
 */
export type EmailData = Omit<RegistrationEmailData, 'workshopDate'> & {
  workshopDate: string;
  phone: string;
  /** Facts for an admin alert (payment id, attempts, last error …). */
  details?: Record<string, string>;
  /** Where it happens (reminders only). */
  join?: { url: string | null; passcode: string | null; materials_url: string | null };
  /** An admin's message to attendees. */
  message?: { subject: string; body: string };
  /** A waitlist offer's personal links (secret: scrubbed from storage once sent). */
  waitlist?: { offerUrl: string; leaveUrl: string; expiresAt: string; hours: number };
  /** A place in a waitlist just taken: where in line, how long an offer holds a seat, and the link to leave (secret, scrubbed once sent). */
  waitlistPlace?: { position: number; hours: number; leaveUrl: string };
  /** The seat's recording, feedback and certificate links after the workshop (secret, scrubbed once sent). */
  afterWorkshop?: AfterWorkshopLinks;
  /** A privacy request's confirmation link (secret, scrubbed once sent). */
  privacy?: PrivacyConfirmation;
};

export async function registrationEmailData(trx: Knex.Transaction, registrationId: string, sender: EmailSender): Promise<EmailData> {
  const r = await trx('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .where('r.id', registrationId)
    .first('r.id', 'r.name', 'r.email', 'r.phone', 'r.access_id', 'r.amount', 'r.payment_method', 'r.promo_code', 'r.seats_bought', 'r.by_hand_payment', 'w.title', 'w.date', 'w.duration_hours');
  if (!r) throw new Error(`registration ${registrationId} not found`);
  // An order of several seats lists who sits in each (its active seats).
  const seatList =
    r.seats_bought > 1
      ? ((await trx('attendees').where({ registration_id: registrationId, status: 'active' }).orderBy('position').select('position', 'name', 'email')) as { position: number; name: string | null; email: string | null }[])
      : undefined;
  return {
    registrationId: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    accessId: r.access_id,
    workshopTitle: r.title,
    workshopDate: new Date(r.date).toISOString(),
    amount: r.amount,
    // A booking a promo code made free was paid with the code.
    // An admin's booking by hand names how: complimentary, or paid outside the site.
    paymentMethod: r.payment_method ?? (r.by_hand_payment ? BY_HAND_LABELS[r.by_hand_payment as ByHandPayment] : r.promo_code ? `promo code ${r.promo_code}` : null),
    byHand: r.by_hand_payment ?? null,
    promoCode: r.promo_code ?? null,
    publicBaseUrl: sender.publicBaseUrl,
    from: sender.from,
    durationHours: r.duration_hours,
    seatList,
  };
}

export function emailSender(config: { publicBaseUrl: string; EMAIL_FROM: string; EMAIL_FROM_NAME: string }): EmailSender {
  return { publicBaseUrl: config.publicBaseUrl, from: { email: config.EMAIL_FROM, name: config.EMAIL_FROM_NAME } };
}

/** An admin alert about money with no registration behind it (an unattributed payment). */
export function detachedEmailData(sender: EmailSender, amount: number, paymentMethod: string, details: Record<string, string>): EmailData {
  return {
    registrationId: '',
    name: '(no registration)',
    email: '',
    phone: '',
    accessId: '',
    workshopTitle: '',
    workshopDate: new Date(0).toISOString(),
    amount,
    paymentMethod,
    publicBaseUrl: sender.publicBaseUrl,
    from: sender.from,
    details,
  };
}

/** For someone who has no seat yet (a waitlist offer, a checkout follow-up): the workshop they are being asked back to. */
export function prospectEmailData(
  sender: EmailSender,
  person: { name: string; email: string; phone: string },
  workshop: { title: string; date: Date | string; price_usd_cents: number },
  registrationId: string | null = null,
): EmailData {
  return {
    registrationId: registrationId ?? '',
    name: person.name,
    email: person.email,
    phone: person.phone,
    accessId: '',
    workshopTitle: workshop.title,
    workshopDate: new Date(workshop.date).toISOString(),
    amount: workshop.price_usd_cents,
    paymentMethod: null,
    publicBaseUrl: sender.publicBaseUrl,
    from: sender.from,
  };
}

/** An email's data without its links (booking, follow-up, unsubscribe, waitlist): they are secrets, never put in an admin alert. */
export const withoutSecrets = (data: EmailData): EmailData => ({ ...data, bookingUrl: undefined, recoveryUrl: undefined, unsubscribeUrl: undefined, waitlist: undefined, waitlistPlace: undefined, resetUrl: undefined, join: undefined, afterWorkshop: undefined, privacy: undefined });
