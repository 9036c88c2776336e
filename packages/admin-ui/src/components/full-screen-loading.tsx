import { Flex, Spin, Typography } from 'antd';

export function FullScreenLoading({ text }: { text: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh', background: '#f5f6fa' }} data-testid="admin-loading">
      <Spin size="large" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </Flex>
  );
}
