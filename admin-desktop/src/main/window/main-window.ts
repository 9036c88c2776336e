import type { BrowserWindow, BrowserWindowConstructorOptions, Screen, Shell } from 'electron';
import type { SettingsStore } from '../storage/settings-store';
import { restoreBounds, trackBounds } from './window-bounds';
import { guardNavigation, secureWebPreferences } from './window-security';

export interface MainWindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  shell: Pick<Shell, 'openExternal'>;
  screen: Pick<Screen, 'getAllDisplays'>;
  settings: SettingsStore;
  serverUrl: () => string | null;
  preloadPath: string;
  rendererUrl: string;
  title: string;
  icon?: string;
}

/** The one window: secure preferences, remembered bounds, shown once the first paint is ready. */
export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const saved = deps.settings.value.windowBounds;
  const bounds = restoreBounds(
    saved,
    deps.screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new deps.BrowserWindow({
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    title: deps.title,
    icon: deps.icon,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(deps.preloadPath),
  });
  if (saved?.maximized) win.maximize();
  guardNavigation(win.webContents, deps.shell, deps.rendererUrl, deps.serverUrl);
  trackBounds(win, (b) => void deps.settings.update({ windowBounds: b }).catch(() => {}));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(deps.rendererUrl);
  return win;
}
