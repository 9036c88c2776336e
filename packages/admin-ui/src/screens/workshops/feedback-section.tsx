import { feedbackSummary, formatDateTime, type WorkshopFeedback } from '@workshop/shared';
import { Flex, List, Progress, Typography } from 'antd';

/** A workshop's feedback (issue 26, point 7): the average, how many gave each rating, and every comment. */
export function FeedbackSection({ feedback }: { feedback: WorkshopFeedback | undefined }) {
  if (!feedback) return null;
  return (
    <section aria-labelledby="feedback-heading" data-testid="feedback-section" style={{ marginTop: 24 }}>
      <Typography.Title level={5} id="feedback-heading">
        Feedback
      </Typography.Title>
      <Typography.Paragraph data-testid="feedback-summary">{feedbackSummary(feedback)}</Typography.Paragraph>
      {feedback.count > 0 && (
        <>
          <Flex vertical gap={2} style={{ maxWidth: 360 }} data-testid="feedback-distribution">
            {[5, 4, 3, 2, 1].map((n) => {
              const many = feedback.distribution[n - 1];
              return (
                <Flex key={n} align="center" gap={8} data-testid={`feedback-${n}`} aria-label={`${n} out of 5: ${many}`}>
                  <span style={{ width: 16 }}>{n}</span>
                  <Progress percent={Math.round((many / feedback.count) * 100)} showInfo={false} size="small" style={{ flex: 1, margin: 0 }} />
                  <span style={{ width: 24, textAlign: 'right' }}>{many}</span>
                </Flex>
              );
            })}
          </Flex>
          <List
            size="small"
            style={{ marginTop: 12 }}
            dataSource={feedback.items.filter((i) => i.comment)}
            locale={{ emptyText: 'No comments' }}
            data-testid="feedback-comments"
            renderItem={(i) => (
              <List.Item data-testid="feedback-comment" style={{ display: 'block' }}>
                <Typography.Text strong>
                  {i.rating}/5 · {i.name}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">{formatDateTime(i.updated_at)}</Typography.Text>
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{i.comment}</Typography.Paragraph>
              </List.Item>
            )}
          />
        </>
      )}
    </section>
  );
}
