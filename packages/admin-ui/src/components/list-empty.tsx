import { Empty, Typography } from 'antd';

export function ListEmpty({ title, description }: { title: string; description: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="list-empty"
      description={
        <>
          <Typography.Text strong style={{ display: 'block' }}>
            {title}
          </Typography.Text>
          <Typography.Text type="secondary">{description}</Typography.Text>
        </>
      }
    />
  );
}
