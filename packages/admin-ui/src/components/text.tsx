import { theme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

type TextProps = HTMLAttributes<HTMLSpanElement> & { type?: 'secondary' | 'danger' | 'success'; strong?: boolean; children?: ReactNode; 'data-testid'?: string };

/**
 * Typography.Text's look for the screens every admin opens first (the layout and the dashboard):
 * antd's Typography brings its editing and copying code, a text area among it, for plain words.
 */
export function Text({ type, strong, style, ...rest }: TextProps) {
  const { token } = theme.useToken();
  const color = type === 'secondary' ? token.colorTextSecondary : type === 'danger' ? token.colorError : type === 'success' ? token.colorSuccess : undefined;
  return <span {...rest} style={{ color, fontWeight: strong ? 600 : undefined, ...style }} />;
}

type HeadingProps = HTMLAttributes<HTMLHeadingElement> & { level: 1 | 2 | 3 | 4 | 5 };

/** Typography.Title's look, as a plain heading. */
export function Heading({ level, style, ...rest }: HeadingProps) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  const look: CSSProperties = {
    margin: 0,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: token[`fontSizeHeading${level}`],
    lineHeight: token[`lineHeightHeading${level}`],
  };
  return <Tag {...rest} style={{ ...look, ...style }} />;
}
