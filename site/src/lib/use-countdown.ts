import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, countdownParts, type CountdownParts } from '@workshop/shared';

/** Ticks every second until the target passes, then keeps the last (zero) values. */
export function useCountdown(target: string | Date | undefined): CountdownParts | undefined {
  const [parts, setParts] = useState(() => (target ? countdownParts(target) : undefined));
  useEffect(() => {
    if (!target) return setParts(undefined);
    const first = countdownParts(target);
    setParts(first);
    if (first.done) return;
    const timer = setInterval(() => {
      const next = countdownParts(target);
      setParts(next);
      if (next.done) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [target]);
  return parts;
}
