import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { Layout } from './components/layout';
import { LazyPart } from './components/lazy-part';
import { LiveDataGate } from './components/live-data-gate';
import { HomeScreen } from './home/home.screen';
import { lazyWithPreload } from './lib/lazy';

// The admin has its own entry (admin.html, served for /admin/*); this route only serves Vite's dev server.
const AdminEntry = import.meta.env.DEV ? lazy(() => import('./admin/admin-entry')) : () => null;

type Page = ComponentType & { preload: () => Promise<void> };

// Only the home page is in the first bundle; every other page is its own chunk, fetched when
// visited, or before hydrating when a page is opened at its own address (main.tsx).
const PUBLIC_ROUTES: [string, Page][] = [
  ['/about', lazyWithPreload(() => import('./pages/about.screen'))],
  ['/pricing', lazyWithPreload(() => import('./pages/pricing.screen'))],
  ['/contact', lazyWithPreload(() => import('./pages/contact.screen'))],
  ['/terms', lazyWithPreload(() => import('./pages/terms.screen'))],
  ['/privacy', lazyWithPreload(() => import('./pages/privacy.screen'))],
  ['/refund-policy', lazyWithPreload(() => import('./pages/refund-policy.screen'))],
  ['/learn', lazyWithPreload(() => import('./pages/learn.screen'))],
  ['/why-no-code', lazyWithPreload(() => import('./pages/why-no-code.screen'))],
  ['/who-should-attend', lazyWithPreload(() => import('./pages/who-should-attend.screen'))],
  ['/platform', lazyWithPreload(() => import('./pages/platform.screen'))],
  ['/thank-you', lazyWithPreload(() => import('./thank-you/thank-you.screen'))],
  ['/booking/:token', lazyWithPreload(() => import('./booking/booking.screen'))],
  ['/join/:token', lazyWithPreload(() => import('./join/join.screen'))],
  ['/recording/:token', lazyWithPreload(() => import('./after-workshop/recording.screen'))],
  ['/feedback/:token', lazyWithPreload(() => import('./after-workshop/feedback.screen'))],
  ['/certificates/:id', lazyWithPreload(() => import('./after-workshop/certificate.screen'))],
  ['/unsubscribe', lazyWithPreload(() => import('./pages/unsubscribe.screen'))],
  ['/your-data', lazyWithPreload(() => import('./privacy/your-data.screen'))],
  ['/privacy/confirm', lazyWithPreload(() => import('./privacy/privacy-confirm.screen'))],
  ['/waitlist/leave', lazyWithPreload(() => import('./waitlist/waitlist-leave.screen'))],
  ['*', lazyWithPreload(() => import('./pages/not-found.screen'))],
];

/** The code a page opened at `pathname` shows at once: its screen. */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = pathname === '/' ? undefined : (PUBLIC_ROUTES.find(([path]) => path !== '*' && matchPath(path, pathname)) ?? PUBLIC_ROUTES.at(-1));
  return Promise.resolve(route?.[1].preload());
}

function PageFallback() {
  return (
    <div className="page-loading" aria-busy="true">
      <span className="sr-only">Loading page</span>
    </div>
  );
}

export function App() {
  return (
    <LiveDataGate>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={null}>
              <AdminEntry />
            </Suspense>
          }
        />
        <Route element={<Layout />}>
          <Route index element={<HomeScreen />} />
          {PUBLIC_ROUTES.map(([path, Screen]) => (
            <Route
              key={path}
              path={path}
              element={
                <LazyPart fallback={<PageFallback />}>
                  <Screen />
                </LazyPart>
              }
            />
          ))}
        </Route>
      </Routes>
    </LiveDataGate>
  );
}
