import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface StatCard {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  hint?: string;
  /** Accent for the icon tile. */
  color: string;
}

/** The figure cards at the top of each admin screen. */
export function StatCards({ cards, loading }: { cards: StatCard[]; loading?: boolean }) {
  const span = Math.max(6, 24 / cards.length);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
      {cards.map((c) => (
        <Col key={c.title} xs={24} sm={12} lg={span}>
          <Card variant="outlined" styles={{ body: { padding: 20 } }} data-testid={`card-${c.title}`}>
            <Flex justify="space-between" align="flex-start">
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 500 }}>
                  {c.title}
                </Typography.Text>
                {loading ? (
                  <div style={{ marginTop: 10 }}>
                    <Skeleton.Input active size="small" style={{ width: 80 }} />
                  </div>
                ) : (
                  <div style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.3, marginTop: 6 }} data-testid="card-value">
                    {c.value}
                  </div>
                )}
                {c.hint && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.hint}
                  </Typography.Text>
                )}
              </div>
              <Flex
                align="center"
                justify="center"
                style={{ width: 40, height: 40, borderRadius: 10, background: `${c.color}14`, color: c.color, fontSize: 18 }}
              >
                {c.icon}
              </Flex>
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
