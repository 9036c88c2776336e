import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** SPEC §2: the payment provider sends the buyer back here with the outcome in the query. */
export function usePaymentResult() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const payment = params.get('payment');
  const method = params.get('method');
  const message = params.get('message');

  useEffect(() => {
    if (!payment) return;
    // Only a returning buyer needs the toast code.
    let stale = false;
    import('./payment-toast').then(({ showPaymentToast }) => {
      if (stale || !showPaymentToast(payment, method, message)) return;
      navigate('/', { replace: true });
    });
    return () => {
      stale = true;
    };
  }, [payment, method, message, navigate]);
}
