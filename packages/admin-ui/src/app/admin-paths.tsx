import { createContext, useContext } from 'react';

/** Where AdminApp is mounted ('/admin' on the web, '/' in the desktop's HashRouter). */
export const AdminBaseContext = createContext('/');

export type AdminPage = '' | 'login' | 'create' | 'reset-password' | 'passkey' | 'add-passkey' | 'workshops' | 'registrations' | 'attention' | 'interests' | 'video-leads' | 'invoices' | 'revive' | 'settings' | 'activity' | 'promo-codes' | 'privacy';

export function joinAdminPath(base: string, page: AdminPage): string {
  const root = base.replace(/\/$/, '');
  return page ? `${root}/${page}` : root || '/';
}

/** One registration's own page, deep-linkable: `<base>/registrations/<id>`. */
export function registrationPath(base: string, id: string): string {
  return `${joinAdminPath(base, 'registrations')}/${encodeURIComponent(id)}`;
}

/** Absolute path of an admin page, whatever the host's router mounts us under. */
export function useAdminPath(): (page: AdminPage) => string {
  const base = useContext(AdminBaseContext);
  return (page) => joinAdminPath(base, page);
}

export function useRegistrationPath(): (id: string) => string {
  const base = useContext(AdminBaseContext);
  return (id) => registrationPath(base, id);
}
