import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Centered card for the screens outside the layout (login, create admin). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(160deg, #eef0ff 0%, #f7f8fb 55%)' }}>
      <Card style={{ width: '100%', maxWidth: 400, boxShadow: '0 10px 30px rgba(30, 41, 90, 0.08)' }} styles={{ body: { padding: 32 } }}>
        <Flex vertical align="center" gap={6} style={{ marginBottom: 24 }}>
          <Flex align="center" justify="center" style={{ width: 44, height: 44, borderRadius: 12, background: '#4f46e5', color: '#fff', fontWeight: 700 }}>
            NC
          </Flex>
          <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
