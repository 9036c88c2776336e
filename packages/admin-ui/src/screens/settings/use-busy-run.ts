import { useState } from 'react';

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'That did not work');

/** One action at a time on a card: `busy` while it runs, its failure as `error` (the server's words). */
export function useBusyRun() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
