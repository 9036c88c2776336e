import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Hero } from './hero';
import { TrustStats } from './trust-stats';
import { usePaymentResult } from './use-payment-result';

const HomeSections = lazy(() => import('./home-sections'));

/**
 * Hero and statistics ship in the first bundle; the sections below the fold load when the
 * visitor scrolls near them or once the page is idle, whichever comes first.
 */
export function HomeScreen() {
  usePaymentResult();
  const sentinel = useRef<HTMLDivElement>(null);
  const [showRest, setShowRest] = useState(false);

  useEffect(() => {
    if (showRest) return;
    const reveal = () => setShowRest(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), { rootMargin: '600px' });
    if (sentinel.current) io.observe(sentinel.current);
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1500));
    let handle: number | undefined;
    const onLoad = () => (handle = idle(reveal, { timeout: 2500 }) as number);
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      io.disconnect();
      window.removeEventListener('load', onLoad);
      if (handle !== undefined) (window.cancelIdleCallback ?? clearTimeout)(handle);
    };
  }, [showRest]);

  return (
    <>
      <Hero />
      <TrustStats />
      <div ref={sentinel} />
      {showRest ? (
        <Suspense fallback={<div className="sections-placeholder" />}>
          <HomeSections />
        </Suspense>
      ) : (
        <div className="sections-placeholder" />
      )}
    </>
  );
}
