import { createContext, useContext } from 'react';

export interface CachedValue<T> {
  data: T;
  /** ISO time the data was fetched from the server. */
  savedAt: string;
}

export interface SaveResult {
  saved: boolean;
  /** Desktop: the full path written; web: the file name handed to the browser. */
  location?: string;
}

export interface RegistrationCompletedEvent {
  type: 'registration.completed';
  registration_id: string;
  access_id: string;
  name: string;
  email: string;
  workshop_title: string;
  amount: number;
  payment_method: string | null;
  completed_at: string;
}

/**
 * Everything the admin screens need from their host (browser or Electron). The screens ask
 * the platform; they never check where they run (bitwarden's FileDownloadService pattern).
 * No host hands the screens the session token: the browser keeps it in an httpOnly cookie,
 * the desktop app's main process adds it to the requests it passes on.
 */
export interface Platform {
  readonly kind: 'web' | 'desktop';
  /**
   * Whether a passkey (WebAuthn) works in this page. The web admin is on the site's own address,
   * where the passkeys are bound; the desktop app's page (app://) is not, so it hands that step
   * to the system browser.
   */
  readonly passkeysInPage: boolean;
  /** Base URL of the API: '' for the same-origin web admin, the chosen server for desktop. */
  readonly apiBaseUrl: string;
  saveCsv(fileName: string, csv: string): Promise<SaveResult>;
  /** A file the server made (an invoice PDF, a ZIP of them): the browser downloads it, the desktop app asks where with the system's save dialog. */
  saveFile(fileName: string, bytes: Uint8Array): Promise<SaveResult>;
  notify(title: string, body: string, onClick?: () => void): void;
  /** Last good copy of a list or figure, for offline reading. The web admin keeps none. */
  readCache<T>(key: string): Promise<CachedValue<T> | null>;
  writeCache<T>(key: string, data: T): Promise<void>;
  /** New completed registrations, however the host receives them. Returns an unsubscribe. */
  onRegistrationCompleted(handler: (event: RegistrationCompletedEvent) => void): () => void;
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() needs a <PlatformContext.Provider>');
  return platform;
}
