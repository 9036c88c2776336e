import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

/** Acts on a link's query once, unless the query changes or the page is left first. */
function useArrival(key: string, act: (links: typeof import('./arrival-links'), stale: () => boolean) => void) {
  useEffect(() => {
    if (!key) return;
    let stale = false;
    void import('./arrival-links').then((links) => {
      if (!stale) act(links, () => stale);
    });
    return () => {
      stale = true;
    };
    // `act` is rebuilt each render; what it reads is all in `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/**
 * The home page is where the payment providers (SPEC §2), the checkout-recovery email and the
 * waitlist offer email send people, with what to do in the query. Only such a visit fetches the
 * code that does it.
 */
export function useArrivalLinks() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const payment = params.get('payment');
  const method = params.get('method');
  const message = params.get('message');
  const recover = params.get('recover');
  const offer = params.get('waitlist_offer');

  useArrival(payment ? JSON.stringify([payment, method, message]) : '', (links) => {
    if (payment && links.showPaymentToast(payment, method, message)) navigate('/', { replace: true });
  });
  useArrival(recover ?? '', (links, stale) => recover && links.openRecoveryLink(recover, navigate, stale));
  useArrival(offer ?? '', (links, stale) => offer && links.openWaitlistOffer(offer, navigate, stale));
}
