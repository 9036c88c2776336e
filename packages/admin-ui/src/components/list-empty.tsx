import { Empty } from 'antd';
import { Text } from './text';

export function ListEmpty({ title, description }: { title: string; description: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="list-empty"
      description={
        <>
          <Text strong style={{ display: 'block' }}>
            {title}
          </Text>
          <Text type="secondary">{description}</Text>
        </>
      }
    />
  );
}
