import type { CachedValue, Platform, RegistrationCompletedEvent, SaveResult } from '@workshop/admin-ui';
import type { DesktopApi } from '../preload/desktop-api';

/**
 * The desktop side of admin-ui's Platform port. API calls go to the same origin
 * (app://admin/api), which the main process passes to the chosen server with the session's
 * Bearer token: this page never holds the token.
 */
/** What the save dialog's answer means for the screens: saved there, not saved (cancelled), or a failure to show. */
function saved(result: Awaited<ReturnType<DesktopApi['saveCsv']>>): SaveResult {
  if (result.saved) return { saved: true, location: result.location };
  if ('error' in result) throw new Error(result.error);
  return { saved: false };
}

export function createDesktopPlatform(api: DesktopApi): Platform {
  // The main process already raised an OS notification for each completed registration
  // (it does so even while this page reloads); a notify() made while the screens handle
  // that same event would show it twice.
  let handlingRegistration = false;

  return {
    kind: 'desktop',
    passkeysInPage: false,
    apiBaseUrl: '',
    async saveCsv(fileName: string, csv: string): Promise<SaveResult> {
      return saved(await api.saveCsv(fileName, csv));
    },
    async saveFile(fileName: string, pdf: Uint8Array): Promise<SaveResult> {
      return saved(await api.saveFile(fileName, pdf));
    },
    notify(title: string, body: string, onClick?: () => void): void {
      if (handlingRegistration) return;
      void api.showNotification(title, body, onClick);
    },
    async readCache<T>(key: string): Promise<CachedValue<T> | null> {
      return (await api.readCache(key)) as CachedValue<T> | null;
    },
    async writeCache<T>(key: string, data: T): Promise<void> {
      await api.writeCache(key, data);
    },
    onRegistrationCompleted(handler: (event: RegistrationCompletedEvent) => void): () => void {
      return api.onRegistrationCompleted((event) => {
        handlingRegistration = true;
        try {
          handler(event);
        } finally {
          handlingRegistration = false;
        }
      });
    },
  };
}
