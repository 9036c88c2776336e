import {
  cardCheckoutFieldsSchema,
  checkoutBillingSchema,
  firstMessage,
  checkoutSeatsSchema,
  MESSAGES,
  paypalCheckoutSchema,
  type AttendeeInput,
  type PaymentMethod,
  type PublicWorkshop,
} from '@workshop/shared';
import { api, ApiError } from '../lib/api';
import { toast } from '../lib/toast';
import { landingUtm } from '../lib/utm';
import type { BillingDraft } from './billing-fields';
import { DEFAULT_RAZORPAY_SCRIPT, loadRazorpayScript, type RazorpayResponse } from './razorpay-script';

export interface RegistrationValues {
  name: string;
  email: string;
  phone: string;
  workshopId: string;
  method: PaymentMethod;
  /** Applied in the form; the server prices it again from its own rows. */
  promoCode?: string;
  /** A waitlist offer's token: checkout claims the seat held for this person. */
  waitlistToken?: string;
  /** How many seats (1 to 10) and who sits in them; none named seats the buyer first. */
  seats: number;
  attendees: AttendeeInput[];
  /** A company's details for the invoice (all optional), checked as the seller's tax ID label says. */
  billing: BillingDraft;
  taxIdLabel: string;
}

const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

/** A refusal the server explains (sold out, closed, invalid field, maintenance) is shown as it says. */
function serverRefusal(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.code === 'sold_out') fail('Sold Out', err.message);
  else if (err.code === 'registration_closed') fail('Registration Closed', err.message);
  else if (err.code === 'promo_invalid') fail('Promo Code', err.message);
  else if (['validation_failed', 'bad_request', 'maintenance', 'rate_limited', 'conflict'].includes(err.code)) fail('Error', err.message);
  else return false;
  return true;
}

/** The company details as the server will check them; false (and said why) when they are not right. */
function billingOf(v: RegistrationValues): BillingDraft | undefined | false {
  const parsed = checkoutBillingSchema(v.taxIdLabel).safeParse({ billing: v.billing });
  if (!parsed.success) {
    fail('Error', firstMessage(parsed.error));
    return false;
  }
  return parsed.data.billing;
}

/** PayPal: the server creates the order; the browser leaves for PayPal's approval page. Resolves false on failure. */
export async function payWithPaypal(v: RegistrationValues): Promise<boolean> {
  const parsed = paypalCheckoutSchema.safeParse({
    workshop_id: v.workshopId,
    name: v.name,
    email: v.email,
    phone: v.phone,
    promo_code: v.promoCode,
    utm: landingUtm(),
    seats: v.seats,
    attendees: v.attendees,
  });
  if (!parsed.success) {
    fail('Error', firstMessage(parsed.error));
    return false;
  }
  const billing = billingOf(v);
  if (billing === false) return false;
  try {
    // A code that made it free answers with the thank-you page as approval_url: the seat is booked.
    const { approval_url } = await api.checkout.paypal({ ...parsed.data, billing, waitlist_token: v.waitlistToken });
    window.location.assign(approval_url);
    return true;
  } catch (err) {
    if (!serverRefusal(err)) fail('Payment Error', 'Failed to initialize PayPal payment. Please try again.');
    return false;
  }
}

export interface CardCallbacks {
  /** The provider's own checkout is on screen (pause our dialog's focus trap). */
  onProviderOpen: () => void;
  onDismiss: () => void;
  onPaid: (accessId: string) => void;
  onVerifyFailed: () => void;
}

/**
 * SPEC §5 card flow, checks in order: workshop chosen, registration open, all fields, Indian mobile.
 * Returns false when the flow stopped before the provider's checkout opened.
 */
export async function payWithCard(v: RegistrationValues, workshop: PublicWorkshop | undefined, cb: CardCallbacks): Promise<boolean> {
  if (!v.workshopId || !workshop) {
    fail('Error', MESSAGES.selectWorkshop);
    return false;
  }
  if (!workshop.registration_open && !v.waitlistToken) {
    fail('Registration Closed', MESSAGES.registrationClosed);
    return false;
  }
  const fields = cardCheckoutFieldsSchema.safeParse({ name: v.name, email: v.email, phone: v.phone });
  if (!fields.success) {
    const message = firstMessage(fields.error);
    fail(message === MESSAGES.invalidIndianPhone ? 'Invalid Phone Number' : 'Error', message);
    return false;
  }
  const seats = checkoutSeatsSchema.safeParse({ seats: v.seats, attendees: v.attendees });
  if (!seats.success) {
    fail('Error', firstMessage(seats.error));
    return false;
  }
  const billing = billingOf(v);
  if (billing === false) return false;

  let order: Exclude<Awaited<ReturnType<typeof api.checkout.razorpay>>, { status: 'completed' }> & { script_url?: string };
  try {
    const started = await api.checkout.razorpay({
      workshop_id: v.workshopId,
      ...fields.data,
      ...seats.data,
      billing,
      promo_code: v.promoCode,
      utm: landingUtm(),
      waitlist_token: v.waitlistToken,
    });
    if ('status' in started) {
      // The code made it free: booked already, no payment window.
      window.location.assign(started.redirect_url);
      return true;
    }
    order = started;
  } catch (err) {
    if (!serverRefusal(err)) fail('Payment Error', 'Failed to initialize payment. Please try again.');
    return false;
  }
  try {
    await loadRazorpayScript(order.script_url || DEFAULT_RAZORPAY_SCRIPT);
  } catch {
    fail('Payment Error', 'Failed to initialize payment. Please try again.');
    return false;
  }
  if (!window.Razorpay) {
    toast({ title: 'Loading Payment Gateway', description: 'Please wait a moment and try again.' });
    return false;
  }

  const checkout = new window.Razorpay({
    key: order.key_id,
    amount: order.order.amount,
    currency: order.order.currency,
    order_id: order.order.id,
    name: 'NoCode Workshop',
    description: workshop.title,
    prefill: { name: fields.data.name, email: fields.data.email, contact: fields.data.phone },
    theme: { color: '#5b4bf5' },
    handler: (resp: RazorpayResponse) => {
      api.checkout.razorpayVerify(resp).then(
        (result) => {
          if ('access_id' in result) {
            toast({ title: 'Registration Successful!', description: 'Payment completed. Check your email for workshop details.', variant: 'success' }, { keepOnNavigation: true });
            cb.onPaid(result.access_id);
          } else {
            toast({ title: 'Payment Received', description: result.message });
            cb.onVerifyFailed();
          }
        },
        (err) => {
          // The server says what became of the money (being refunded, not taken); otherwise the SPEC's words.
          const told = err instanceof ApiError && ['sold_out', 'payment_failed', 'not_found', 'conflict', 'promo_invalid'].includes(err.code);
          fail('Registration Error', told ? err.message : 'Payment successful but registration failed. Please contact support.');
          cb.onVerifyFailed();
        },
      );
    },
    modal: {
      ondismiss: () => {
        // Closing the window lets the seat go at once instead of holding it until the hold expires.
        api.checkout.razorpayRelease(order.order.id).catch(() => undefined);
        cb.onDismiss();
      },
    },
  });
  cb.onProviderOpen();
  checkout.open();
  return true;
}
