/** The subset of Razorpay's Checkout options and answer this site uses. */
export interface RazorpayResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  theme?: { color: string };
  handler: (response: RazorpayResponse) => void;
  modal: { ondismiss: () => void };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open: () => void };
  }
}

export const DEFAULT_RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const loading = new Map<string, Promise<void>>();

/** Loads the provider's checkout script once, only when a visitor pays by card (SPEC §7). */
export function loadRazorpayScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        loading.delete(src);
        s.remove();
        reject(new Error('Razorpay checkout script failed to load'));
      };
      document.head.appendChild(s);
    });
    loading.set(src, p);
  }
  return p;
}
