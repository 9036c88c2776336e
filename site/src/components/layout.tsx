import { lazy, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useMaintenance } from '../lib/data';
import { lazyWhenSettled } from '../lib/lazy';
import { clearToastOnNavigation } from '../lib/toast';
import { closeDialog, useOpenDialog } from '../lib/ui';
import { useNavigationEffect } from '../lib/use-navigation-effect';
import { LazyPart } from './lazy-part';
import { usePageMeta } from '../lib/use-page-meta';
import { captureUtm } from '../lib/utm';
import { AnnouncementBanner } from './announcement-banner';
import { Header } from './header';
import { MaintenanceNotice } from './maintenance-notice';

// On every page, and not worth a byte of the first bundle: the footer's links work before its code
// arrives, and a click on the question button before then is held and replayed (lib/early-events.ts).
const DeferredFooter = lazyWhenSettled(() => import('./footer'));
const QuestionWidget = lazyWhenSettled(() => import('./question-widget'));
const RegistrationModal = lazy(() => import('../registration/registration-modal'));
const InterestModal = lazy(() => import('../interest/interest-modal'));
const WaitlistModal = lazy(() => import('../waitlist/waitlist-modal'));

export function Layout() {
  usePageMeta();
  const maintenance = useMaintenance();
  const dialog = useOpenDialog();
  useClearToastsOnNavigation();
  useEffect(() => captureUtm(window.location.search), []);
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
      <DeferredFooter />
      <QuestionWidget />
      <LazyPart overlay>
        {dialog.name === 'registration' && <RegistrationModal workshopId={dialog.workshopId} prefill={dialog.prefill} offer={dialog.offer} onClose={closeDialog} />}
        {dialog.name === 'waitlist' && <WaitlistModal workshopId={dialog.workshopId} onClose={closeDialog} />}
        {dialog.name === 'interest' && <InterestModal onClose={closeDialog} />}
      </LazyPart>
    </>
  );
}

/** A toast belongs to the page it was raised on: opening another page clears it. */
function useClearToastsOnNavigation() {
  useNavigationEffect(() => clearToastOnNavigation());
}
