import { useEffect, useState } from 'react';
import { ApiError } from '../lib/api';

export type Load<T> = { state: 'loading' } | { state: 'missing' } | { state: 'error' } | { state: 'ok'; value: T };

/** One read of a page's facts: a 404 is "missing", anything else that fails is "error". */
export function useLoad<T>(read: () => Promise<T>, key: string): [Load<T>, (value: T) => void] {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  useEffect(() => {
    read().then(
      (value) => setLoad({ state: 'ok', value }),
      (err) => setLoad({ state: err instanceof ApiError && err.status === 404 ? 'missing' : 'error' }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only for another key
  }, [key]);
  return [load, (value: T) => setLoad({ state: 'ok', value })];
}
