import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DesktopApp } from './desktop-app';
import { desktopBridge } from './desktop-bridge';
import { createDesktopPlatform } from './desktop-platform';

async function start(): Promise<void> {
  const api = desktopBridge();
  const [serverUrl, token] = await Promise.all([api.getServer(), api.getToken()]);
  const platform = createDesktopPlatform(api, token);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DesktopApp api={api} platform={platform} serverUrl={serverUrl} />
    </StrictMode>,
  );
}

void start();
