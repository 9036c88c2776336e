import type { App } from 'antd';

/**
 * What antd's App.useApp() gives: message, notification and modal, drawn with the admin's
 * theme. A type only (antd's code is not pulled in): the provider (app-api.tsx), the host it
 * fetches (app-host.tsx) and the browser-dialog stand-in (native-app-api.ts) all speak it.
 */
export type AntdAppApi = ReturnType<typeof App.useApp>;
