import { createContext, useContext } from 'react';

/** Where AdminApp is mounted ('/admin' on the web, '/' in the desktop's HashRouter). */
export const AdminBaseContext = createContext('/');

export type AdminPage = '' | 'login' | 'create' | 'workshops' | 'registrations' | 'interests' | 'revive' | 'settings';

export function joinAdminPath(base: string, page: AdminPage): string {
  const root = base.replace(/\/$/, '');
  return page ? `${root}/${page}` : root || '/';
}

/** Absolute path of an admin page, whatever the host's router mounts us under. */
export function useAdminPath(): (page: AdminPage) => string {
  const base = useContext(AdminBaseContext);
  return (page) => joinAdminPath(base, page);
}
