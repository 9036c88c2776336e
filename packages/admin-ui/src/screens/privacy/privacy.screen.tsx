import { ReloadOutlined } from '@ant-design/icons';
import { ADMINS_MESSAGES, formatDateTime, PRIVACY_OUTCOME_LABELS, type PrivacyRequestRow } from '@workshop/shared';
import { Alert, Button, Card, Flex, Grid, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SkeletonCards } from '../../components/skeleton-cards';
import { useCachedQuery } from '../../queries/use-cached-query';
import { useOwnerWrites } from '../../session/owner-writes';
import { useSession } from '../../session/session.store';
import { OnBehalfForm } from './on-behalf-form';

const KIND = { export: 'Export', erasure: 'Erasure' } as const;
const OUTCOME_COLORS = { exported: 'blue', erased: 'green', nothing_held: 'default', blocked: 'orange' } as const;
const when = (v: string | null) => (v ? <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> : <Typography.Text type="secondary">—</Typography.Text>);
const via = (r: PrivacyRequestRow) => (r.via === 'admin' ? `Owner${r.requested_by ? ` (${r.requested_by})` : ''}` : 'The person, from their inbox');
const outcome = (r: PrivacyRequestRow) => (r.outcome ? <Tag color={OUTCOME_COLORS[r.outcome]}>{PRIVACY_OUTCOME_LABELS[r.outcome]}</Tag> : <Tag>Waiting for confirmation</Tag>);

const columns: ColumnsType<PrivacyRequestRow> = [
  { title: 'Email', dataIndex: 'email', render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span> },
  { title: 'Kind', dataIndex: 'kind', render: (v: PrivacyRequestRow['kind']) => KIND[v] },
  { title: 'Received', dataIndex: 'received_at', render: when },
  { title: 'Confirmed', dataIndex: 'confirmed_at', render: when },
  { title: 'Completed', dataIndex: 'completed_at', render: when },
  { title: 'Outcome', key: 'outcome', render: (_: unknown, r) => outcome(r) },
  { title: 'By', key: 'via', render: (_: unknown, r) => <div style={{ minWidth: 160 }}>{via(r)}{r.reason && <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{r.reason}</Typography.Text>}</div> },
];

function RequestCard({ r }: { r: PrivacyRequestRow }) {
  return (
    <Card size="small" data-testid="privacy-request-card" styles={{ body: { padding: 12 } }}>
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{r.email}</Typography.Text>
        {outcome(r)}
      </Flex>
      <Typography.Text style={{ display: 'block', fontSize: 13 }}>
        {KIND[r.kind]} · received {formatDateTime(r.received_at)}
      </Typography.Text>
      {r.completed_at && <Typography.Text style={{ display: 'block', fontSize: 13 }}>Completed {formatDateTime(r.completed_at)}</Typography.Text>}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {via(r)}
        {r.reason ? `: ${r.reason}` : ''}
      </Typography.Text>
    </Card>
  );
}

/**
 * Privacy requests (issue 27, point 3), for owners: every request for a copy or an erasure, by
 * the person from their inbox or by an owner on their behalf, and how each ended; and the form to
 * run one for someone who asked another way.
 */
export function PrivacyScreen() {
  const api = useApi();
  const staff = useSession((s) => s.user?.role === 'staff');
  const { blocked, reason } = useOwnerWrites();
  const phone = Grid.useBreakpoint().md === false;
  const { data, error, loading, reload } = useCachedQuery('privacy-requests', () => (staff ? Promise.resolve({ items: [] }) : api.admin.privacy.list()));
  const empty = <ListEmpty title="No privacy requests yet" description="Requests from the Your data page, and those run here, will be listed here." />;

  return (
    <>
      <PageHeader
        title="Privacy Requests"
        subtitle="Copies and erasures of a person’s data, asked from the Your data page or run here on their behalf"
        extra={
          !staff && (
            <Button icon={<ReloadOutlined />} onClick={reload} loading={loading && !!data} data-testid="privacy-refresh">
              Refresh
            </Button>
          )
        }
      />
      {staff ? (
        <Alert type="info" showIcon title={ADMINS_MESSAGES.ownerOnly} data-testid="privacy-owner-only" />
      ) : (
        <Flex vertical gap={16}>
          <Card title="Run a request for someone">
            <OnBehalfForm disabled={blocked} disabledReason={reason} onDone={reload} />
          </Card>
          {error && !data && <LoadError title="Failed to load privacy requests" error={error} onRetry={reload} />}
          {!data && !error && <SkeletonCards />}
          {data && (
            <Card title="Requests" styles={phone ? { body: { padding: 12 } } : undefined}>
              {phone ? (
                data.items.length ? (
                  <Flex vertical gap={10} data-testid="privacy-request-cards">
                    {data.items.map((r) => (
                      <RequestCard key={r.id} r={r} />
                    ))}
                  </Flex>
                ) : (
                  empty
                )
              ) : (
                <Table<PrivacyRequestRow> rowKey="id" size="middle" columns={columns} dataSource={data.items} loading={loading} scroll={{ x: 'max-content' }} pagination={{ pageSize: 50 }} locale={{ emptyText: empty }} data-testid="privacy-requests-table" />
              )}
            </Card>
          )}
        </Flex>
      )}
    </>
  );
}
