import { toast } from '../lib/toast';
import { openInterest } from '../lib/ui';

/** SPEC §2 payment-result toasts; false when the query holds no outcome this page knows. */
export function showPaymentToast(payment: string, method: string | null, message: string | null): boolean {
  if (payment === 'success' && method === 'paypal') {
    toast({ title: 'Registration Complete!', description: 'Your PayPal payment was successful. Check your email for confirmation details.', variant: 'success' });
  } else if (payment === 'cancelled') {
    toast({ title: 'Payment Cancelled', description: 'Your PayPal payment was cancelled. You can try again anytime.' });
    openInterest();
  } else if (payment === 'processing') {
    toast({ title: 'Payment Processing', description: message || 'Your payment is still being processed. We will email your confirmation, so please do not pay again.' });
  } else if (payment === 'failed') {
    toast({ title: 'Payment Failed', description: message || 'Your payment could not be completed. You have not been charged.', variant: 'destructive' });
  } else {
    return false;
  }
  return true;
}
