import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { adminTheme } from './theme';

/** antd's theme, locale and message/notification host, around every screen drawn with antd. */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={adminTheme} locale={enUS}>
      <AntApp message={{ top: 16, maxCount: 4 }} notification={{ placement: 'topRight' }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
