/** What buyers read when a checkout cannot finish (the site shows `message` in its toast). */
export const CHECKOUT_MESSAGES = {
  paypalInitFailed: 'Failed to initialize PayPal payment. Please try again.',
  cardInitFailed: 'Failed to initialize payment. Please try again.',
  declined: 'Your payment was declined, so no money was taken. Please try again or use another payment method.',
  amountMismatch: 'The payment amount did not match the workshop price, so it was not accepted. Any amount taken is being refunded in full.',
  notApproved: 'Your PayPal payment was not approved, so no money was taken. Please try again.',
  unknownOrder: 'We could not find this payment. Any amount taken is being refunded in full. Please try registering again.',
  refundedFull: 'The workshop filled up before your payment arrived, so your payment is being refunded in full. Check your email for details.',
  fullNotCharged: 'The workshop filled up before your payment went through, so no money was taken.',
  bookingCancelled: 'This booking was cancelled, so this payment buys no seat. Anything the cancellation refunds is on its way: check your email for details.',
  promoRefunded: 'The promo code of this checkout was used up after you cancelled it, so it could not buy a seat at that price. Your payment is being refunded in full. Check your email for details.',
  promoNotCharged: 'The promo code of this checkout was used up after you cancelled it, so no money was taken. You can register again.',
  settledBefore: 'This payment was settled before: nothing more is charged or refunded. Check your email for details.',
  bookedRefunded: 'You (or someone named in this order) already have a seat in this workshop from another booking, so this payment is being refunded in full. Check your email for details.',
  replacedRefunded: 'You started a newer checkout for this workshop, which is holding the seat, so this payment is being refunded in full. Please finish the newer checkout.',
  alreadyBooked: 'This workshop is already booked by you, or for someone named in this order, so this payment was not taken.',
  processing: 'Your payment is still being processed by the provider. We will email your confirmation as soon as it completes, so please do not pay again.',
  confirmingLater: 'We received your payment and are still confirming it with the provider. You will get a confirmation email shortly, so please do not pay again.',
  verificationFailed: 'Payment verification failed. If money was taken, contact support with your payment ID.',
  methodUnavailable: 'This payment method is not available.',
} as const;

export function toCents(value: string | undefined): number {
  return value === undefined ? NaN : Math.round(Number(value) * 100);
}

export function centsToValue(cents: number): string {
  return (cents / 100).toFixed(2);
}
