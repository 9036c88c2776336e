import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { App, Shell } from 'electron';
import type { NavigateTarget, SendChannel, SendPayload } from '../shared/ipc-contract';
import { showAbout, type MessageDialog } from './about';
import { ListCache } from './cache/list-cache.service';
import { AdminEventStream, type AdminEventsDeps, type StreamState } from './events/admin-events.service';
import { saveFile, type SaveDialog } from './files/file-save.service';
import { registerIpcHandlers, type IpcHandlers, type IpcMainLike } from './ipc/ipc-handlers';
import { trustedSender } from './ipc/sender-check';
import { RegistrationNotifier, type NotificationClass } from './notifications/registration-notifier.service';
import type { ProxySession } from './protocol/app-protocol';
import { ServerAddress } from './server/server-address.service';
import { TokenStore, type TokenCipher } from './session/token-store.service';
import type { FileSystem } from './storage/file-system';
import { SettingsStore } from './storage/settings-store';

/** The part of a BrowserWindow the features use (a fake in tests). */
export interface WindowLike {
  webContents: { id: number; send(channel: string, payload: unknown): void };
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export interface DesktopMainDeps {
  fs: FileSystem;
  userDataDir: string;
  downloadsDir: () => string;
  /** net.fetch in the app: used for the health check and the events stream. */
  fetch: typeof fetch;
  ipcMain: IpcMainLike;
  safeStorage: TokenCipher;
  /** Dialogs already parented to the main window. */
  dialog: SaveDialog & MessageDialog;
  Notification: NotificationClass;
  app: Pick<App, 'getName' | 'getVersion'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  versions?: Partial<Record<string, string>>;
  /** The URL the renderer is served from; IPC from anywhere else is refused. */
  rendererUrl: string;
  getWindow: () => WindowLike | null;
  /** The menu shows the notifications checkbox: rebuild it when the setting changes. */
  onSettingsChanged?: () => void;
  events?: Pick<AdminEventsDeps, 'backoff' | 'setTimeout' | 'clearTimeout' | 'idleTimeoutMs'>;
  onStreamState?: (state: StreamState, detail?: { delayMs?: number; error?: unknown }) => void;
}

/**
 * Composition root of the main process: every feature wired to the Electron APIs it is
 * handed. index.main.ts hands it the real ones; the tests hand it fakes and run it in Node.
 */
export function createDesktopMain(deps: DesktopMainDeps) {
  const settings = new SettingsStore(deps.fs, deps.userDataDir);
  const server = new ServerAddress(settings, deps.fetch);
  const tokens = new TokenStore(deps.fs, deps.safeStorage, deps.userDataDir);
  const cache = new ListCache(deps.fs, deps.safeStorage, deps.userDataDir);

  const send = <C extends SendChannel>(channel: C, payload: SendPayload<C>) => deps.getWindow()?.webContents.send(channel, payload);

  function focusWindow(): void {
    const win = deps.getWindow();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  }

  function navigate(to: NavigateTarget): void {
    focusWindow();
    send('app.navigate', { to });
  }

  const notifier = new RegistrationNotifier({
    Notification: deps.Notification,
    enabled: () => settings.value.notificationsEnabled,
    showRegistrations: () => navigate('registrations'),
  });

  const events = new AdminEventStream({
    fetch: deps.fetch,
    ...deps.events,
    onState: deps.onStreamState,
    onEvent: (event) => {
      notifier.handle(event);
      send('events.registrationCompleted', event);
    },
  });

  /** The session the app:// proxy uses: the token stays in main, the renderer never sees it. */
  const session: ProxySession = {
    token: async (url) => (url === server.current ? tokens.get(url) : null),
    async signedIn(url, token) {
      // A sign-in answered after the server was changed belongs to the old one.
      if (url !== server.current) return;
      await tokens.set(url, token);
      events.start(url, token);
    },
    async signedOut(url) {
      if (url !== server.current) return;
      events.stop();
      await tokens.clear();
      await cache.clear(url);
    },
  };

  async function setNotifications(enabled: boolean) {
    const next = await settings.update({ notificationsEnabled: enabled });
    deps.onSettingsChanged?.();
    return { notificationsEnabled: next.notificationsEnabled };
  }

  /** Writes a file the admin chose to save, then says where it went, or why not: the screens' toast names neither. */
  const saveAndSay = async (kind: 'csv' | 'pdf' | 'zip', fileName: string, content: string | Uint8Array) => {
    const result = await saveFile({ dialog: deps.dialog, fs: deps.fs, defaultDir: deps.downloadsDir }, kind, fileName, content);
    const what = {
      csv: { title: 'Export saved', failed: 'The CSV file was not saved.', dialog: 'Export CSV' },
      pdf: { title: 'PDF saved', failed: 'The PDF was not saved.', dialog: 'Save PDF' },
      zip: { title: 'ZIP saved', failed: 'The ZIP file was not saved.', dialog: 'Save ZIP' },
    }[kind];
    if (result.saved) {
      const saved = result.location;
      notifier.show({ title: what.title, body: `${path.basename(saved)} is in ${path.dirname(saved)}` }, () => deps.shell.showItemInFolder(saved), { always: true });
    } else if ('error' in result) {
      await deps.dialog.showMessageBox({ type: 'error', title: what.dialog, message: what.failed, detail: result.error, buttons: ['OK'] });
    }
    return result;
  };
  const handlers: IpcHandlers = {
    'server.get': () => ({ url: server.current }),
    'server.set': async (url) => {
      const before = server.current;
      const result = await server.change(url);
      if (result.ok && result.url !== before) {
        // A token belongs to the server that issued it.
        events.stop();
        await tokens.clear();
      }
      return result;
    },
    'cache.read': async (key) => (server.current ? cache.read(server.current, key) : null),
    'cache.write': async (key, data) => {
      if (server.current) await cache.write(server.current, key, data);
    },
    'csv.save': (fileName, csv) => saveAndSay('csv', fileName, csv),
    'file.save': (fileName, bytes) => saveAndSay(fileName.toLowerCase().endsWith('.zip') ? 'zip' : 'pdf', fileName, bytes),
    'notifications.show': (title, body) => {
      const id = randomUUID();
      const shown = notifier.show({ title, body }, () => {
        focusWindow();
        send('notifications.clicked', { id });
      });
      return shown ? { id } : null;
    },
    'settings.get': () => ({ notificationsEnabled: settings.value.notificationsEnabled }),
    'settings.set': async (patch) =>
      patch.notificationsEnabled === undefined ? { notificationsEnabled: settings.value.notificationsEnabled } : setNotifications(patch.notificationsEnabled),
  };

  let unregister: (() => void) | null = null;

  return {
    settings,
    server,
    tokens,
    cache,
    session,
    events,
    notifier,
    handlers,
    navigate,
    setNotifications,
    about: () => showAbout({ dialog: deps.dialog, app: deps.app, versions: deps.versions ?? {} }, server.current),

    /** Loads settings, answers IPC, and reopens the events stream if a session was kept. */
    async start(): Promise<void> {
      await settings.load();
      await cache.removePlainCopies();
      unregister = registerIpcHandlers(
        deps.ipcMain,
        handlers,
        trustedSender(deps.rendererUrl, () => deps.getWindow()?.webContents.id),
      );
      const url = server.current;
      const token = url ? await tokens.get(url) : null;
      if (url && token) events.start(url, token);
    },

    stop(): void {
      events.stop();
      unregister?.();
      unregister = null;
    },
  };
}

export type DesktopMain = ReturnType<typeof createDesktopMain>;
