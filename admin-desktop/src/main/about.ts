import type { App, MessageBoxOptions, MessageBoxReturnValue } from 'electron';

export interface MessageDialog {
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
}

/** The About box: product name, version, and which server this copy talks to. */
export async function showAbout(
  deps: { dialog: MessageDialog; app: Pick<App, 'getName' | 'getVersion'>; versions: Partial<Record<string, string>> },
  serverUrl: string | null,
): Promise<void> {
  const name = deps.app.getName();
  await deps.dialog.showMessageBox({
    type: 'info',
    title: `About ${name}`,
    message: name,
    detail: [
      `Version ${deps.app.getVersion()}`,
      `Server: ${serverUrl ?? 'not chosen yet'}`,
      `Electron ${deps.versions.electron ?? '?'} · Chromium ${deps.versions.chrome ?? '?'} · Node ${deps.versions.node ?? '?'}`,
    ].join('\n'),
    buttons: ['OK'],
  });
}
