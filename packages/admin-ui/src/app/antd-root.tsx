import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { antdVars } from '../components/antd-vars';
import { AppApiProvider } from './app-api';
import { adminTheme, CSS_VAR_SCOPE } from './theme';

/**
 * What antd's App root gave the page: its design tokens as CSS variables (declared on the
 * theme's scope class, which plain elements read through antd-vars.ts) and its font.
 */
const root = { color: antdVars.colorText, fontSize: antdVars.fontSize, lineHeight: antdVars.lineHeight, fontFamily: antdVars.fontFamily };

/** antd's theme, locale and message/notification/modal API, around every screen drawn with antd. */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={adminTheme} locale={enUS}>
      <AppApiProvider>
        <div className={CSS_VAR_SCOPE} style={root}>
          {children}
        </div>
      </AppApiProvider>
    </ConfigProvider>
  );
}
