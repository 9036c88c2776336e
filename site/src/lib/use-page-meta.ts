import { useNavigationEffect } from './use-navigation-effect';

/**
 * The server sends each page's title, description and canonical link; this keeps them right
 * after client-side navigation. The meta table loads on the first navigation, not with the page.
 */
export function usePageMeta() {
  useNavigationEffect((pathname) => {
    // A new page starts at its top; the first render keeps the browser's own restoration. At
    // once, not smoothly (the page's scroll-behavior): a dialog opening on the new page (the
    // booking confirmation) locks scrolling and would stop a smooth scroll halfway down.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    let stale = false;
    import('./apply-page-meta').then(({ applyPageMeta }) => !stale && applyPageMeta(pathname));
    return () => {
      stale = true;
    };
  });
}
