import type { DesktopApi } from '../preload/desktop-api';

declare global {
  interface Window {
    /** Put there by the preload (contextBridge); its type is derived from the object itself. */
    desktop: DesktopApi;
  }
}

/** The only way into window.desktop, so a browser build of these files fails loudly, not silently. */
export function desktopBridge(): DesktopApi {
  if (!window.desktop) throw new Error('window.desktop is missing: this page must run inside the desktop app.');
  return window.desktop;
}
