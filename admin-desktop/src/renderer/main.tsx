import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DesktopApp } from './desktop-app';
import { desktopBridge } from './desktop-bridge';
import { createDesktopPlatform } from './desktop-platform';

async function start(): Promise<void> {
  const api = desktopBridge();
  const serverUrl = await api.getServer();
  const platform = createDesktopPlatform(api);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DesktopApp api={api} platform={platform} serverUrl={serverUrl} />
    </StrictMode>,
  );
}

void start();
