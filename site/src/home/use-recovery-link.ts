import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RECOVERY_MESSAGES } from '@workshop/shared';
import { api } from '../lib/api';
import { toast } from '../lib/toast';
import { openRegistration } from '../lib/ui';

/** A checkout-recovery email's link (`/?recover=…`): the registration dialog opens for that workshop, filled in. */
export function useRecoveryLink() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('recover');

  useEffect(() => {
    if (!token) return;
    let stale = false;
    api.recovery.open(token).then(
      (p) => {
        if (stale) return;
        navigate('/', { replace: true });
        openRegistration(p.workshop_id, { name: p.name, email: p.email, phone: p.phone });
      },
      () => {
        if (stale) return;
        navigate('/', { replace: true });
        toast({ title: 'Link expired', description: RECOVERY_MESSAGES.invalidLink }, { keepOnNavigation: true });
      },
    );
    return () => {
      stale = true;
    };
  }, [token, navigate]);
}
