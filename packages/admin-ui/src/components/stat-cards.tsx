import { Col, Flex, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { PlainCard } from './plain-card';
import { usePhone } from './use-phone';
import { Text } from './text';

export interface StatCard {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  hint?: string;
  /** Accent for the icon tile. */
  color: string;
}

/** The figure cards at the top of each admin screen; two to a row and compact on a phone, so the list starts on screen. */
export function StatCards({ cards, loading }: { cards: StatCard[]; loading?: boolean }) {
  const span = Math.max(6, 24 / cards.length);
  const phone = usePhone();
  return (
    <Row gutter={phone ? [10, 10] : [16, 16]} style={{ marginBottom: phone ? 14 : 20 }}>
      {cards.map((c) => (
        <Col key={c.title} xs={12} sm={12} xl={span}>
          <PlainCard style={{ height: '100%' }} bodyStyle={{ padding: phone ? 12 : 20 }} data-testid={`card-${c.title}`}>
            <Flex justify="space-between" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text type="secondary" style={{ fontSize: 13, fontWeight: 500 }}>
                  {c.title}
                </Text>
                {loading ? (
                  <div style={{ marginTop: 10 }}>
                    <Skeleton.Input active size="small" style={{ width: 80 }} />
                  </div>
                ) : (
                  <div style={{ fontSize: phone ? 20 : 26, fontWeight: 600, lineHeight: 1.3, marginTop: phone ? 2 : 6, whiteSpace: 'nowrap' }} data-testid="card-value">
                    {c.value}
                  </div>
                )}
                {c.hint && !phone && (
                  <Text type="secondary" style={{ fontSize: 12 }}>
                    {c.hint}
                  </Text>
                )}
              </div>
              {!phone && (
                <Flex align="center" justify="center" style={{ width: 40, height: 40, borderRadius: 10, background: `${c.color}14`, color: c.color, fontSize: 18 }}>
                  {c.icon}
                </Flex>
              )}
            </Flex>
          </PlainCard>
        </Col>
      ))}
    </Row>
  );
}
