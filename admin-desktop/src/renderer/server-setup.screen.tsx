import { Alert, Button, Card, ConfigProvider, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DesktopApi } from '../preload/desktop-api';

export const DEFAULT_SERVER_URL = 'http://localhost:3000';

/**
 * First run, and File › Change Server…: the address is checked against /api/health by the
 * main process before it is remembered.
 */
export function ServerSetupScreen({ api, current }: { api: DesktopApi; current: string | null }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function connect({ url }: { url: string }) {
    setBusy(true);
    setError(null);
    try {
      const result = await api.setServer(url);
      if (!result.ok) return setError(result.message);
      if (result.url === current) return navigate('/', { replace: true });
      // Another server: start clean (its own session, its own cached lists).
      window.location.hash = '#/';
      window.location.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    // The admin screens' indigo, so the first screen already looks like the app.
    <ConfigProvider theme={{ token: { colorPrimary: '#4f46e5', borderRadius: 8 } }}>
      <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f7f8fb' }}>
        <Card style={{ width: '100%', maxWidth: 440 }} data-testid="server-setup">
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {current ? 'Change server' : 'Connect to your workshop server'}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            The address of the server that runs the workshop site and its admin API.
          </Typography.Paragraph>
          <Form layout="vertical" initialValues={{ url: current ?? DEFAULT_SERVER_URL }} onFinish={connect} disabled={busy}>
            <Form.Item label="Server address" name="url" rules={[{ required: true, message: 'Enter the server address.' }]}>
              <Input autoFocus inputMode="url" spellCheck={false} data-testid="server-url" />
            </Form.Item>
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="server-error" />}
            <Flex gap={8} justify="end">
              {current && <Button onClick={() => navigate('/', { replace: true })}>Cancel</Button>}
              <Button type="primary" htmlType="submit" loading={busy} data-testid="server-connect">
                {busy ? 'Checking...' : 'Connect'}
              </Button>
            </Flex>
          </Form>
        </Card>
      </Flex>
    </ConfigProvider>
  );
}
