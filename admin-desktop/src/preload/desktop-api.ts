import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type {
  InvokeArgs,
  InvokeChannel,
  InvokeResults,
  NavigateTarget,
  RegistrationCompletedEvent,
  SendChannel,
  SendPayload,
} from '../shared/ipc-contract';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

const MAX_PENDING_CLICKS = 50;

/**
 * What the page gets as window.desktop: a few verbs, each one ipcRenderer.invoke or a
 * listener it wraps. ipcRenderer itself never reaches the page.
 */
export function createDesktopApi(ipc: IpcRendererLike) {
  const invoke = <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) => ipc.invoke(channel, ...args) as Promise<InvokeResults[C]>;

  const listen = <C extends SendChannel>(channel: C, handler: (payload: SendPayload<C>) => void): (() => void) => {
    const listener = (_event: IpcRendererEvent, payload: SendPayload<C>) => handler(payload);
    ipc.on(channel, listener);
    return () => void ipc.removeListener(channel, listener);
  };

  // Click callbacks stay on this side; main only sends back the id of the clicked notice.
  const clickHandlers = new Map<string, () => void>();
  listen('notifications.clicked', ({ id }) => {
    const handler = clickHandlers.get(id);
    clickHandlers.delete(id);
    handler?.();
  });

  return {
    getServer: async () => (await invoke('server.get')).url,
    setServer: (url: string) => invoke('server.set', url),
    readCache: (key: string) => invoke('cache.read', key),
    writeCache: (key: string, data: unknown) => invoke('cache.write', key, data),
    saveCsv: (fileName: string, csv: string) => invoke('csv.save', fileName, csv),
    saveFile: (fileName: string, pdf: Uint8Array) => invoke('file.save', fileName, pdf),
    showNotification: async (title: string, body: string, onClick?: () => void): Promise<boolean> => {
      const shown = await invoke('notifications.show', title, body);
      if (shown && onClick) {
        if (clickHandlers.size >= MAX_PENDING_CLICKS) clickHandlers.delete(clickHandlers.keys().next().value as string);
        clickHandlers.set(shown.id, onClick);
      }
      return shown !== null;
    },
    getSettings: () => invoke('settings.get'),
    setNotificationsEnabled: (enabled: boolean) => invoke('settings.set', { notificationsEnabled: enabled }),
    onRegistrationCompleted: (handler: (event: RegistrationCompletedEvent) => void) => listen('events.registrationCompleted', handler),
    onNavigate: (handler: (to: NavigateTarget) => void) => listen('app.navigate', ({ to }) => handler(to)),
  };
}

export type DesktopApi = ReturnType<typeof createDesktopApi>;
