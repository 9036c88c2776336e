import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId } from 'react';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's sidebar button, with its shortcut in a tip below it on hover or keyboard focus. */
export function SidebarToggle({ folds, onToggle }: { folds: boolean; onToggle: () => void }) {
  const tip = useId();
  return (
    <span className="wk-tip-host">
      <Button
        type="text"
        aria-label="Toggle Sidebar"
        aria-describedby={tip}
        data-testid="sidebar-toggle"
        icon={folds ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggle}
      />
      <span className="wk-tip" role="tooltip" id={tip}>
        Toggle Sidebar ({isMac ? '⌘' : 'Ctrl'}+B)
      </span>
    </span>
  );
}
