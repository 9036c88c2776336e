import { ADMINS_MESSAGES } from '@workshop/shared';
import { useOffline } from '../queries/connectivity.store';
import { useSession } from './session.store';

/**
 * Whether an owner-only action (issue 24) can be taken now, and why not: offline, or signed in as
 * staff. The server refuses staff these actions anyway; the screens say so before anyone tries.
 * Reading, exporting, messaging attendees and resending confirmations ask `useOffline` alone.
 */
export function useOwnerWrites(): { blocked: boolean; reason: string | undefined } {
  const { offline, reason } = useOffline();
  const staff = useSession((s) => s.user?.role === 'staff');
  if (offline) return { blocked: true, reason };
  return staff ? { blocked: true, reason: ADMINS_MESSAGES.ownerOnly } : { blocked: false, reason: undefined };
}
