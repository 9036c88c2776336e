import { lazy, memo, useEffect, type ComponentType, type ReactNode } from 'react';
import { LazyPart } from '../components/lazy-part';
import { partPending } from './hydrated';

type Module<P> = { default: ComponentType<P> };

/**
 * React.lazy that renders at once once its code is here (`preload()`): a prerendered page fetches
 * the code of what it shows before hydrating (main.tsx), so hydration never meets a boundary
 * still waiting for code, and every control on it works as soon as the page is hydrated.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<Module<P>>) {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        Loaded = m.default;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function Preloadable(props: P) {
    const Component = Loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

let ready: Promise<void> | undefined;

/**
 * Resolves when the page has loaded and the browser is idle, or at the visitor's first
 * interaction, whichever is first: below-the-fold code waits for it. At once on the server.
 */
export function pageSettled(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return (ready ??= new Promise<void>((resolve) => {
    const events = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
    const done = () => {
      for (const e of events) window.removeEventListener(e, done, true);
      resolve();
    };
    for (const e of events) window.addEventListener(e, done, { capture: true, once: true, passive: true });
    const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(done, { timeout: 1000 }) : setTimeout(done, 300));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }));
}

/**
 * A below-the-fold part in its own chunk, fetched once the page has settled. On a prerendered
 * page its HTML is there from the start (readable, links working); it becomes interactive when
 * its code arrives, and until then the page does not count as live (lib/hydrated.ts), so a click
 * on it is held and replayed (index.html). Its parent's updates never reach it (memo): a
 * prerendered boundary that receives one before its code is here would hold it until the code
 * came (lib/live-data-shown.ts).
 *
 * React hydrates a Suspense boundary's content only after the rest of the page has committed,
 * so the part says it is pending from outside its boundary, while the page itself hydrates.
 */
export function lazyWhenSettled<P extends object>(load: () => Promise<Module<P>>, fallback: ReactNode = null) {
  let done: (() => void) | undefined;
  let live = false;
  const release = () => {
    done?.();
    done = undefined;
  };
  const Lazy = lazy(async () => {
    await pageSettled();
    // Its code gone (a release since the page was loaded): the notice shows in its place, and
    // the rest of the page is live without it (held clicks are replayed).
    const { default: Part } = await load().catch((err: unknown) => {
      release();
      throw err;
    });
    function Live(props: P) {
      useEffect(() => {
        live = true;
        release();
      }, []);
      return <Part {...props} />;
    }
    return { default: Live };
  });
  let registered = false;
  return memo(function DeferredPart(props: P) {
    if (!registered && typeof window !== 'undefined') {
      registered = true;
      done = partPending();
    }
    // Left before its code came (another page was opened): the page is live without it. Mounted
    // again before then (StrictMode's rehearsal in development): pending again.
    useEffect(() => {
      if (!live && !done) done = partPending();
      return release;
    }, []);
    return (
      <LazyPart fallback={fallback}>
        <Lazy {...props} />
      </LazyPart>
    );
  });
}
