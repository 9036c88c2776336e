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

/**
 * In sidebar order. Only nine digits exist for Ctrl/Cmd+N: Video Leads and Invoices go without one so the
 * other screens keep the shortcuts admins already know.
 */
const SCREENS: { label: string; to: NavigateTarget; key?: number }[] = [
  { label: 'Dashboard', to: 'dashboard', key: 1 },
  { label: 'Workshops', to: 'workshops', key: 2 },
  { label: 'Registrations', to: 'registrations', key: 3 },
  { label: 'Needs Attention', to: 'attention', key: 4 },
  { label: 'Interests', to: 'interests', key: 5 },
  { label: 'Video Leads', to: 'video-leads' },
  { label: 'Invoices', to: 'invoices' },
  { label: 'Revive', to: 'revive', key: 6 },
  { label: 'Promo Codes', to: 'promo-codes', key: 7 },
  { label: 'Settings', to: 'settings', key: 8 },
  { label: 'Activity', to: 'activity', key: 9 },
  { label: 'Privacy Requests', to: 'privacy' },
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
    submenu: SCREENS.map((s) => ({ label: s.label, ...(s.key ? { accelerator: `CmdOrCtrl+${s.key}` } : {}), click: () => actions.navigate(s.to) })),
  });
  template.push({ role: 'windowMenu' });
  template.push({ role: 'help', submenu: state.isMac ? [] : [about] });
  return template;
}
