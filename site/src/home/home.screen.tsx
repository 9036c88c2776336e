import { lazyWhenSettled } from '../lib/lazy';
import { Hero } from './hero';
import { TrustStats } from './trust-stats';
import { usePaymentResult } from './use-payment-result';
import { useRecoveryLink } from './use-recovery-link';
import { useWaitlistOffer } from '../waitlist/use-waitlist-offer';

const Sections = lazyWhenSettled(() => import('./home-sections'), <div className="sections-placeholder" />);

/**
 * Hero and statistics ship in the first bundle; the sections below the fold are in the
 * prerendered HTML and get their code once the page has settled (lib/lazy.tsx).
 */
export function HomeScreen() {
  usePaymentResult();
  useRecoveryLink();
  useWaitlistOffer();
  return (
    <>
      <Hero />
      <TrustStats />
      <Sections />
    </>
  );
}
