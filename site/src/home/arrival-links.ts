import type { NavigateFunction } from 'react-router-dom';
import { RECOVERY_MESSAGES } from '@workshop/shared';
import { api, userMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { openDialog, openRegistration } from '../lib/ui';

export { showPaymentToast } from './payment-toast';

type Stale = () => boolean;

/** A checkout-recovery email's link (`/?recover=…`): the registration dialog opens for that workshop, filled in. */
export function openRecoveryLink(token: string, navigate: NavigateFunction, stale: Stale) {
  api.recovery.open(token).then(
    (p) => {
      if (stale()) return;
      navigate('/', { replace: true });
      openRegistration(p.workshop_id, { name: p.name, email: p.email, phone: p.phone });
    },
    () => {
      if (stale()) return;
      navigate('/', { replace: true });
      toast({ title: 'Link expired', description: RECOVERY_MESSAGES.invalidLink }, { keepOnNavigation: true });
    },
  );
}

/**
 * The waitlist offer email links to `/?waitlist_offer=<token>`: the registration dialog opens on
 * the offered workshop with the person's details filled in, and its checkout claims the held seat.
 */
export function openWaitlistOffer(token: string, navigate: NavigateFunction, stale: Stale) {
  api.waitlist.offer(token).then(
    (offer) => {
      if (stale()) return;
      openDialog('registration', offer.workshop_id, { offer: { token, name: offer.name, email: offer.email, phone: offer.phone } });
    },
    (err) => {
      if (stale()) return;
      toast({ title: 'Waitlist offer', description: userMessage(err, 'This waitlist link could not be opened. Please try again.'), variant: 'destructive' }, { keepOnNavigation: true });
      navigate('/', { replace: true });
    },
  );
}
