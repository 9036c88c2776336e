import { formatCents } from '@workshop/shared';
import { useEffect } from 'react';
import { useLive } from '../queries/live.store';
import { usePlatform } from '../platform/platform';
import { useAppApi } from '../app/app-api';

/** Every completed registration the host reports: a toast, a host notification, fresh lists. */
export function useLiveRegistrations(): void {
  const platform = usePlatform();
  const { notification } = useAppApi();
  const bump = useLive((s) => s.bump);

  useEffect(
    () =>
      platform.onRegistrationCompleted((event) => {
        const title = `New registration: ${event.name}`;
        const body = `${event.workshop_title} · ${formatCents(event.amount)}`;
        notification.success({ title, description: body, placement: 'topRight', key: event.registration_id });
        platform.notify(title, body);
        bump();
      }),
    [platform, notification, bump],
  );
}
