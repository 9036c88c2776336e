import type { ThemeConfig } from 'antd';

/**
 * The class antd declares the theme's CSS variables on (and gives each of its components):
 * named, so the admin's root element can carry it for the plain elements inside.
 */
export const CSS_VAR_SCOPE = 'css-var-admin';

/** A calm back-office look: indigo accent, soft grey canvas, white surfaces. */
export const adminTheme: ThemeConfig = {
  cssVar: { key: CSS_VAR_SCOPE },
  token: {
    colorPrimary: '#4f46e5',
    colorInfo: '#4f46e5',
    colorSuccess: '#10b981',
    colorWarning: '#f59e0b',
    colorError: '#ef4444',
    borderRadius: 8,
    colorBgLayout: '#f5f6fa',
    fontFamily: "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff' },
    Card: { headerFontSize: 15 },
    Table: { headerBg: '#fafbfc' },
    Menu: { itemBorderRadius: 6, itemMarginInline: 8 },
  },
};
