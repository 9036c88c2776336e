import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

type ArrivalLinks = typeof import('./arrival-links');

/** Runs `act` once the links' code is here, unless the effect was cleaned up first; returns that cleanup. */
function arrive(act: (links: ArrivalLinks, stale: () => boolean) => void): () => void {
  let stale = false;
  void import('./arrival-links').then((links) => {
    if (!stale) act(links, () => stale);
  });
  return () => {
    stale = true;
  };
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

  useEffect(() => {
    if (!payment) return;
    return arrive((links) => {
      if (links.showPaymentToast(payment, method, message)) navigate('/', { replace: true });
    });
  }, [payment, method, message, navigate]);

  useEffect(() => {
    if (!recover) return;
    return arrive((links, stale) => links.openRecoveryLink(recover, navigate, stale));
  }, [recover, navigate]);

  useEffect(() => {
    if (!offer) return;
    return arrive((links, stale) => links.openWaitlistOffer(offer, navigate, stale));
  }, [offer, navigate]);
}
