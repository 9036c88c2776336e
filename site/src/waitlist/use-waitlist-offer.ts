import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, userMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { openDialog } from '../lib/ui';

/**
 * The waitlist offer email links to `/?waitlist_offer=<token>`: the registration dialog opens on
 * the offered workshop with the person's details filled in, and its checkout claims the held seat.
 */
export function useWaitlistOffer() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('waitlist_offer');

  useEffect(() => {
    if (!token) return;
    let stale = false;
    api.waitlist.offer(token).then(
      (offer) => {
        if (stale) return;
        openDialog('registration', offer.workshop_id, { offer: { token, name: offer.name, email: offer.email, phone: offer.phone } });
      },
      (err) => {
        if (stale) return;
        toast({ title: 'Waitlist offer', description: userMessage(err, 'This waitlist link could not be opened. Please try again.'), variant: 'destructive' }, { keepOnNavigation: true });
        navigate('/', { replace: true });
      },
    );
    return () => {
      stale = true;
    };
  }, [token, navigate]);
}
