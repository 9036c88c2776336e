import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadPage } from './app';
import { replayEarlyEvents } from './lib/early-events';
import { showLiveData } from './lib/live-data-shown';
import './styles/base.css';
import './styles/sections.css';
import './styles/pages.css';
import './styles/forms.css';
import './components/cta-band.css';

const root = document.getElementById('root')!;
const prerendered = !!root.firstElementChild;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

if (prerendered) {
  // A prerendered page (scripts/prerender.ts): fetch the code of what it shows, then take it over,
  // as a transition: React hydrates in slices of a few milliseconds, never blocking the page.
  // A mismatch React recovers from is still a bug: say so where the tests look.
  void preloadPage(location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        hydrateRoot(root, app, {
          onRecoverableError: (error) => console.error('Hydration error:', error),
        });
        replayEarlyEvents();
      }),
    );
} else {
  // Pages that depend on the visitor (booking links, the thank-you page) are drawn here, with
  // their data in the first render.
  showLiveData();
  createRoot(root).render(app);
}
