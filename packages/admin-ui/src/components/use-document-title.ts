import { SITE_NAME } from '@workshop/shared';
import { useEffect } from 'react';

/** Names the screen in the browser tab (or desktop window): "Registration Management | NoCode Workshop Admin". */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    document.title = `${screen} | ${SITE_NAME} Admin`;
  }, [screen]);
}
