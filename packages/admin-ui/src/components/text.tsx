import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { antdVars } from './antd-vars';

type TextProps = HTMLAttributes<HTMLSpanElement> & { type?: 'secondary' | 'danger' | 'success'; strong?: boolean; children?: ReactNode; 'data-testid'?: string };

const COLORS = { secondary: antdVars.colorTextSecondary, danger: antdVars.colorError, success: antdVars.colorSuccess };

/**
 * Typography.Text's look for the screens every admin opens first (the layout and the dashboard):
 * antd's Typography brings its editing and copying code, a text area among it, for plain words.
 */
export function Text({ type, strong, style, ...rest }: TextProps) {
  return <span {...rest} style={{ color: type && COLORS[type], fontWeight: strong ? antdVars.fontWeightStrong : undefined, ...style }} />;
}

type HeadingProps = HTMLAttributes<HTMLHeadingElement> & { level: 1 | 2 | 3 | 4 | 5 };

/** Typography.Title's look, as a plain heading. */
export function Heading({ level, style, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  const look: CSSProperties = {
    margin: 0,
    color: antdVars.colorTextHeading,
    fontWeight: antdVars.fontWeightStrong,
    fontSize: antdVars.fontSizeHeading(level),
    lineHeight: antdVars.lineHeightHeading(level),
  };
  return <Tag {...rest} style={{ ...look, ...style }} />;
}
