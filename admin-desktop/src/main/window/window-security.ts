import type { Shell, WebContents, WebPreferences } from 'electron';

/** The renderer gets no Node, runs sandboxed, and sees main only through the preload's bridge. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: true,
  };
}

const EXTERNAL = new Set(['http:', 'https:', 'mailto:']);

/** Links leaving the app (View Site, Email All's mailto) go to the system browser or mail client. */
export function openExternally(shell: Pick<Shell, 'openExternal'>, url: string): boolean {
  try {
    if (!EXTERNAL.has(new URL(url).protocol)) return false;
  } catch {
    return false;
  }
  void shell.openExternal(url);
  return true;
}

function isOwnPage(url: string, rendererUrl: string): boolean {
  try {
    const u = new URL(url);
    const own = new URL(rendererUrl);
    return u.protocol === own.protocol && u.host === own.host;
  } catch {
    return false;
  }
}

/**
 * No new windows and no navigation away from the app: anything else opens outside it.
 * A new-window link to one of our own paths (the sidebar's View Site is '/') means that
 * page of the site, so it opens on the chosen server in the browser.
 */
export function guardNavigation(
  contents: Pick<WebContents, 'setWindowOpenHandler' | 'on'>,
  shell: Pick<Shell, 'openExternal'>,
  rendererUrl: string,
  serverUrl: () => string | null = () => null,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    const server = serverUrl();
    if (isOwnPage(url, rendererUrl)) {
      if (server) {
        const u = new URL(url);
        openExternally(shell, `${server}${u.pathname}${u.search}`);
      }
    } else openExternally(shell, url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isOwnPage(url, rendererUrl)) return;
    event.preventDefault();
    openExternally(shell, url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
