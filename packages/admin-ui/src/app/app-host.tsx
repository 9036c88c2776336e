import { App } from 'antd';
import { useEffect } from 'react';
import type { AntdAppApi } from './antd-app-api';

function Ready({ onReady }: { onReady: (api: AntdAppApi) => void }) {
  const api = App.useApp();
  // An effect: by then the hosts below are mounted, so a message sent now is shown.
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/** antd's message, notification and modal hosts (fetched on first use: see ./app-api.tsx). */
export function AppHost({ onReady }: { onReady: (api: AntdAppApi) => void }) {
  return (
    <App component={false} message={{ top: 16, maxCount: 4 }} notification={{ placement: 'topRight' }}>
      <Ready onReady={onReady} />
    </App>
  );
}
