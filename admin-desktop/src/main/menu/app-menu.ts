import type { MenuItemConstructorOptions } from 'electron';
import type { NavigateTarget } from '../../shared/ipc-contract';

export interface MenuActions {
  navigate: (to: NavigateTarget) => void;
  setNotifications: (enabled: boolean) => void;
  about: () => void;
}

export interface MenuState {
  isMac: boolean;
  appName: string;
  notificationsEnabled: boolean;
}

const SCREENS: { label: string; to: NavigateTarget }[] = [
  { label: 'Dashboard', to: 'dashboard' },
  { label: 'Workshops', to: 'workshops' },
  { label: 'Registrations', to: 'registrations' },
  { label: 'Needs Attention', to: 'attention' },
  { label: 'Interests', to: 'interests' },
  { label: 'Revive', to: 'revive' },
  { label: 'Promo Codes', to: 'promo-codes' },
  { label: 'Settings', to: 'settings' },
  { label: 'Activity', to: 'activity' },
];

/** The application menu: the platform's usual items and shortcuts, plus Go and the app's own settings. */
export function buildMenuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const about: MenuItemConstructorOptions = { label: `About ${state.appName}`, click: () => actions.about() };
  const changeServer: MenuItemConstructorOptions = { label: 'Change Server…', click: () => actions.navigate('server') };
  const notifications: MenuItemConstructorOptions = {
    label: 'Notify Me of New Registrations',
    type: 'checkbox',
    checked: state.notificationsEnabled,
    click: (item) => actions.setNotifications(item.checked),
  };

  const template: MenuItemConstructorOptions[] = [];
  if (state.isMac) {
    template.push({
      label: state.appName,
      submenu: [about, { type: 'separator' }, changeServer, notifications, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
    });
  }
  template.push({
    label: 'File',
    submenu: state.isMac ? [{ role: 'close' }] : [changeServer, notifications, { type: 'separator' }, { role: 'quit' }],
  });
  template.push({ role: 'editMenu' });
  template.push({
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      { role: 'toggleDevTools' },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });
  template.push({
    label: 'Go',
    submenu: SCREENS.map((s, i) => ({ label: s.label, accelerator: `CmdOrCtrl+${i + 1}`, click: () => actions.navigate(s.to) })),
  });
  template.push({ role: 'windowMenu' });
  template.push({ role: 'help', submenu: state.isMac ? [] : [about] });
  return template;
}
