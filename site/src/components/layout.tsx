import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { siteStore, useMaintenance } from '../lib/data';
import { closeDialog, useOpenDialog } from '../lib/ui';
import { usePageMeta } from '../lib/use-page-meta';
import { AnnouncementBanner } from './announcement-banner';
import { Header } from './header';
import { MaintenanceNotice } from './maintenance-notice';
import { Toaster } from './toaster';

// Below the fold on every page: not worth a byte of the first bundle.
const Footer = lazy(() => import('./footer'));
const QuestionWidget = lazy(() => import('./question-widget'));
const RegistrationModal = lazy(() => import('../registration/registration-modal'));
const InterestModal = lazy(() => import('../interest/interest-modal'));

export function Layout() {
  usePageMeta();
  siteStore.use();
  const maintenance = useMaintenance();
  const dialog = useOpenDialog();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AnnouncementBanner />
      <Header />
      {maintenance.enabled && (
        <div className="container">
          <MaintenanceNotice message={maintenance.message} />
        </div>
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <QuestionWidget />
      </Suspense>
      <Toaster />
      <Suspense fallback={null}>
        {dialog === 'registration' && <RegistrationModal onClose={closeDialog} />}
        {dialog === 'interest' && <InterestModal onClose={closeDialog} />}
      </Suspense>
    </>
  );
}
