/**
 * antd's design tokens as the CSS variables it declares on its App root (antd 6 works in CSS
 * variable mode), for the few plain elements the first screens draw themselves. Reading them
 * through `theme.useToken()` would load antd's whole theme module (its dark and compact
 * algorithms among it) for a handful of colours. The fallbacks are antd's defaults.
 */
const v = (name: string, fallback: string) => `var(--ant-${name}, ${fallback})`;

export const antdVars = {
  colorText: v('color-text', 'rgba(0,0,0,0.88)'),
  colorTextSecondary: v('color-text-secondary', 'rgba(0,0,0,0.65)'),
  colorTextDescription: v('color-text-description', 'rgba(0,0,0,0.45)'),
  colorTextHeading: v('color-text-heading', 'rgba(0,0,0,0.88)'),
  colorError: v('color-error', '#ff4d4f'),
  colorSuccess: v('color-success', '#52c41a'),
  colorBorder: v('color-border', '#d9d9d9'),
  colorBorderSecondary: v('color-border-secondary', '#f0f0f0'),
  colorSplit: v('color-split', 'rgba(5,5,5,0.06)'),
  colorFillAlter: v('color-fill-alter', 'rgba(0,0,0,0.02)'),
  colorBgContainer: v('color-bg-container', '#ffffff'),
  fontSize: v('font-size', '14px'),
  fontWeightStrong: v('font-weight-strong', '600'),
  controlHeight: v('control-height', '32px'),
  borderRadius: v('border-radius', '6px'),
  borderRadiusLG: v('border-radius-lg', '8px'),
  fontFamily: v('font-family', "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"),
  lineHeight: v('line-height', '1.5714'),
  fontSizeHeading: (level: 1 | 2 | 3 | 4 | 5) => v(`font-size-heading-${level}`, `${[38, 30, 24, 20, 16][level - 1]}px`),
  lineHeightHeading: (level: 1 | 2 | 3 | 4 | 5) => v(`line-height-heading-${level}`, String([1.21, 1.27, 1.33, 1.4, 1.5][level - 1])),
};
