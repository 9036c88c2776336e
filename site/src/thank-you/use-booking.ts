import { useCallback, useEffect, useState } from 'react';
import type { BookingSummary } from '@workshop/shared';
import { api, ApiError } from '../lib/api';

/** What the server said about the access id in the URL; the page confirms nothing on its own. */
export type BookingLookup =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'found'; booking: BookingSummary }
  | { kind: 'missing' }
  | { kind: 'error' };

export function useBooking(accessId: string): { lookup: BookingLookup; retry: () => void } {
  const [lookup, setLookup] = useState<BookingLookup>(accessId ? { kind: 'loading' } : { kind: 'none' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  useEffect(() => {
    if (!accessId) return setLookup({ kind: 'none' });
    let stale = false;
    setLookup({ kind: 'loading' });
    api.bookings.get(accessId).then(
      (booking) => !stale && setLookup({ kind: 'found', booking }),
      (err) => !stale && setLookup(err instanceof ApiError && err.status === 404 ? { kind: 'missing' } : { kind: 'error' }),
    );
    return () => {
      stale = true;
    };
  }, [accessId, attempt]);

  return { lookup, retry };
}
