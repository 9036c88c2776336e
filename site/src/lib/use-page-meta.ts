import { useNavigationEffect } from './use-navigation-effect';

/**
 * The server sends each page's title, description and canonical link; this keeps them right
 * after client-side navigation. The meta table loads on the first navigation, not with the page.
 */
export function usePageMeta() {
  useNavigationEffect((pathname) => {
    // A new page starts at its top; the first render keeps the browser's own restoration.
    window.scrollTo(0, 0);
    let stale = false;
    import('./apply-page-meta').then(({ applyPageMeta }) => !stale && applyPageMeta(pathname));
    return () => {
      stale = true;
    };
  });
}
