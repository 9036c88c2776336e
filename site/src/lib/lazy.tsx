import { lazy, useEffect, type ComponentType } from 'react';
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
 * its code arrives. Wrap it so that no update of its parent reaches it before then (memo).
 */
export function lazyWhenSettled<P extends object>(load: () => Promise<Module<P>>) {
  return lazy(async () => {
    const done = partPending();
    await pageSettled();
    const { default: Part } = await load();
    function Live(props: P) {
      useEffect(done, []);
      return <Part {...props} />;
    }
    return { default: Live };
  });
}
