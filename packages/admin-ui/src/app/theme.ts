import type { ThemeConfig } from 'antd';

/** A calm back-office look: indigo accent, soft grey canvas, white surfaces. */
export const adminTheme: ThemeConfig = {
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
