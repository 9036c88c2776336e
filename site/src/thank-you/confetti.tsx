import { useEffect, useMemo, useState } from 'react';
import { CONFETTI_MS, CONFETTI_PARTICLES } from '@workshop/shared';

const COLORS = ['#6d5dfc', '#c026d3', '#f59e0b', '#10b981', '#3b82f6', '#ef4444'];

/** 50 falling pieces for 3 seconds; decorative only. */
export function Confetti() {
  const [on, setOn] = useState(true);
  const pieces = useMemo(
    () =>
      Array.from({ length: CONFETTI_PARTICLES }, (_, i) => ({
        left: Math.random() * 100,
        delay: Math.random() * 0.6,
        duration: 1.8 + Math.random() * 1.2,
        color: COLORS[i % COLORS.length],
        rotate: Math.random() * 360,
      })),
    [],
  );
  useEffect(() => {
    const t = setTimeout(() => setOn(false), CONFETTI_MS);
    return () => clearTimeout(t);
  }, []);
  if (!on) return null;
  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {pieces.map((p, i) => (
        <span
          key={i}
          style={{ left: `${p.left}%`, background: p.color, animationDelay: `${p.delay}s`, animationDuration: `${p.duration}s`, rotate: `${p.rotate}deg` }}
        />
      ))}
    </div>
  );
}
