import { lazyWhenSettled } from '../lib/lazy';
import { Hero } from './hero';
import { TrustStats } from './trust-stats';
import { useArrivalLinks } from './use-arrival-links';

const Sections = lazyWhenSettled(() => import('./home-sections'), <div className="sections-placeholder" />);

/**
 * Hero and statistics ship in the first bundle; the sections below the fold are in the
 * prerendered HTML and get their code once the page has settled (lib/lazy.tsx).
 */
export function HomeScreen() {
  useArrivalLinks();
  return (
    <>
      <Hero />
      <TrustStats />
      <Sections />
    </>
  );
}
