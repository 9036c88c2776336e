import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/layout';
import { HomeScreen } from './home/home.screen';

// The admin (antd and all) is its own chunk: public pages never load it.
const AdminEntry = lazy(() => import('./admin/admin-entry'));

// Only the home page is in the first bundle; every other page is fetched when visited.
const AboutScreen = lazy(() => import('./pages/about.screen'));
const PricingScreen = lazy(() => import('./pages/pricing.screen'));
const ContactScreen = lazy(() => import('./pages/contact.screen'));
const TermsScreen = lazy(() => import('./pages/terms.screen'));
const PrivacyScreen = lazy(() => import('./pages/privacy.screen'));
const RefundPolicyScreen = lazy(() => import('./pages/refund-policy.screen'));
const LearnScreen = lazy(() => import('./pages/learn.screen'));
const WhyNoCodeScreen = lazy(() => import('./pages/why-no-code.screen'));
const WhoShouldAttendScreen = lazy(() => import('./pages/who-should-attend.screen'));
const PlatformScreen = lazy(() => import('./pages/platform.screen'));
const ThankYouScreen = lazy(() => import('./thank-you/thank-you.screen'));
const NotFoundScreen = lazy(() => import('./pages/not-found.screen'));

const PUBLIC_ROUTES: [string, React.ComponentType][] = [
  ['/about', AboutScreen],
  ['/pricing', PricingScreen],
  ['/contact', ContactScreen],
  ['/terms', TermsScreen],
  ['/privacy', PrivacyScreen],
  ['/refund-policy', RefundPolicyScreen],
  ['/learn', LearnScreen],
  ['/why-no-code', WhyNoCodeScreen],
  ['/who-should-attend', WhoShouldAttendScreen],
  ['/platform', PlatformScreen],
  ['/thank-you', ThankYouScreen],
  ['*', NotFoundScreen],
];

function PageFallback() {
  return <div className="page-loading" aria-busy="true" aria-label="Loading page" />;
}

export function App() {
  return (
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
              <Suspense fallback={<PageFallback />}>
                <Screen />
              </Suspense>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
