import { SKELETON_CARDS } from '@workshop/shared';
import { Card, Flex, Skeleton } from 'antd';

/** SPEC: three skeleton cards while a list loads. */
export function SkeletonCards() {
  return (
    <Flex vertical gap={12} data-testid="skeleton-cards">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <Card key={i} variant="outlined">
          <Skeleton active paragraph={{ rows: 1 }} />
        </Card>
      ))}
    </Flex>
  );
}
