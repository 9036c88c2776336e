import type { CSSProperties, ReactNode } from 'react';
import { antdVars } from './antd-vars';

interface Props {
  title?: ReactNode;
  extra?: ReactNode;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  children?: ReactNode;
  'data-testid'?: string;
}

const RADIUS = antdVars.borderRadiusLG;
const BORDER = `1px solid ${antdVars.colorBorderSecondary}`;

const card: CSSProperties = {
  boxSizing: 'border-box',
  position: 'relative',
  margin: 0,
  padding: 0,
  color: antdVars.colorText,
  fontSize: antdVars.fontSize,
  lineHeight: antdVars.lineHeight,
  fontFamily: antdVars.fontFamily,
  background: antdVars.colorBgContainer,
  border: BORDER,
  borderRadius: RADIUS,
};
const head: CSSProperties = {
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minHeight: 56,
  marginBottom: -1,
  padding: '0 24px',
  color: antdVars.colorTextHeading,
  fontWeight: antdVars.fontWeightStrong,
  // app/theme.ts: Card.headerFontSize.
  fontSize: 15,
  borderBottom: BORDER,
  borderRadius: `${RADIUS} ${RADIUS} 0 0`,
};
const title: CSSProperties = { display: 'inline-block', flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' };
const extraStyle: CSSProperties = { marginInlineStart: 'auto', color: antdVars.colorText, fontWeight: 400, fontSize: antdVars.fontSize };

/**
 * antd's bordered Card (title, extra, body), drawn for the dashboard and the figure cards:
 * antd's Card brings its Tabs, and with them a dropdown menu and the popup code, for a box
 * with a heading. The screens with card actions, covers or tabs keep antd's Card.
 */
export function PlainCard({ title: heading, extra, style, bodyStyle, children, 'data-testid': testId }: Props) {
  return (
    <div style={{ ...card, ...style }} data-testid={testId}>
      {heading && (
        <div style={head}>
          <div style={{ width: '100%', display: 'flex', alignItems: 'center' }}>
            <div style={title}>{heading}</div>
            {extra && <div style={extraStyle}>{extra}</div>}
          </div>
        </div>
      )}
      <div style={{ padding: 24, ...bodyStyle }}>{children}</div>
    </div>
  );
}
