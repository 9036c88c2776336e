import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';
import { Heading, Text } from './text';

export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 20 }}>
      <div>
        <Heading level={3} style={{ margin: 0 }}>
          {title}
        </Heading>
        {subtitle && <Text type="secondary">{subtitle}</Text>}
      </div>
      {extra && <Flex gap={8} wrap>{extra}</Flex>}
    </Flex>
  );
}
