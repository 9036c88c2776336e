import type { Platform, RegistrationCompletedEvent, SaveResult } from '@workshop/admin-ui';

/** Event ids this page has shown: a replay after a reconnect may repeat one. */
const REMEMBERED_EVENTS = 500;

/**
 * The browser host: same-origin API with the httpOnly cookie (no token in JS), downloads via
 * a Blob link, no offline cache, live events over one shared EventSource (which reconnects
 * by itself with Last-Event-ID, so the server replays what it missed).
 */
export function createWebPlatform(): Platform {
  const handlers = new Set<(event: RegistrationCompletedEvent) => void>();
  let source: EventSource | null = null;
  const seen = new Set<string>();

  const onMessage = (e: MessageEvent<string>) => {
    if (e.lastEventId) {
      if (seen.has(e.lastEventId)) return;
      seen.add(e.lastEventId);
      if (seen.size > REMEMBERED_EVENTS) seen.delete(seen.values().next().value as string);
    }
    let event: RegistrationCompletedEvent;
    try {
      event = JSON.parse(e.data) as RegistrationCompletedEvent;
    } catch {
      return;
    }
    for (const h of handlers) h(event);
  };

  function download(fileName: string, blob: Blob): SaveResult {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { saved: true, location: fileName };
  }

  return {
    kind: 'web',
    passkeysInPage: typeof window !== 'undefined' && 'PublicKeyCredential' in window,
    apiBaseUrl: '',
    async saveCsv(fileName, csv) {
      // Exactly what the server sent, its byte order mark included (Excel needs it for UTF-8 names).
      return download(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    },
    async saveFile(fileName, bytes) {
      return download(fileName, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: fileName.endsWith('.zip') ? 'application/zip' : 'application/pdf' }));
    },
    notify(title, body, onClick) {
      // The in-page toast already tells a visible admin; a system notice helps one in another tab.
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || document.visibilityState === 'visible') return;
      const n = new Notification(title, { body });
      n.onclick = () => {
        window.focus();
        onClick?.();
      };
    },
    async readCache() {
      return null;
    },
    async writeCache() {},
    onRegistrationCompleted(handler) {
      handlers.add(handler);
      if (!source) {
        source = new EventSource('/api/admin/events', { withCredentials: true });
        source.addEventListener('registration.completed', onMessage as EventListener);
      }
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && source) {
          source.close();
          source = null;
        }
      };
    },
  };
}
