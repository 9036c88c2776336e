import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Runs `effect` each time the visitor opens another page, not for the page first opened (the
 * server already sent that one right). Its cleanup runs before the next page's.
 */
export function useNavigationEffect(effect: (pathname: string) => void | (() => void)) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return effect(pathname);
    // Once per page: `effect` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
