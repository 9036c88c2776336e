import { PlusOutlined } from '@ant-design/icons';
import type { AdminWorkshop, Workshop } from '@workshop/shared';
import { Button, Card, Flex, Segmented, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SkeletonCards } from '../../components/skeleton-cards';
import { useOwnerWrites } from '../../session/owner-writes';
import { useCachedQuery } from '../../queries/use-cached-query';
import { WorkshopCard } from './workshop-card';
import { WorkshopCreateDialog } from './workshop-create-dialog';

export function WorkshopsScreen() {
  const api = useApi();
  const { blocked: offline, reason } = useOwnerWrites();
  const { data, error, reload } = useCachedQuery('workshops', () => api.admin.workshops.list());
  // Edits show at once; the list is reloaded afterwards for the seat counts.
  const [local, setLocal] = useState<Record<string, Workshop>>({});
  const [creating, setCreating] = useState(false);
  const [showing, setShowing] = useState<'all' | Workshop['status']>('all');
  useEffect(() => setLocal({}), [data]);
  const merge = (w: AdminWorkshop): AdminWorkshop => ({ ...w, ...local[w.id] });
  const changed = (w: Workshop) => {
    setLocal((l) => ({ ...l, [w.id]: w }));
    reload();
  };

  return (
    <>
      <PageHeader
        title="Workshops"
        subtitle="Create and schedule workshops; dates are in Eastern time"
        extra={
          <Tooltip title={reason}>
            <Button type="primary" icon={<PlusOutlined />} disabled={offline} onClick={() => setCreating(true)}>
              Create Workshop
            </Button>
          </Tooltip>
        }
      />
      {error && !data && <LoadError title="Failed to load workshops" error={error} onRetry={reload} />}
      {!data && !error && <SkeletonCards />}
      {data && data.length === 0 && (
        <Card>
          <ListEmpty title="No workshops yet" description="Create your first workshop to start taking registrations." />
        </Card>
      )}
      {data && data.length > 0 && (
        <Flex vertical gap={16}>
          <Segmented
            value={showing}
            onChange={(v) => setShowing(v as typeof showing)}
            options={[
              { value: 'all', label: `All (${data.length})` },
              { value: 'scheduled', label: `Scheduled (${data.filter((w) => merge(w).status !== 'cancelled').length})` },
              { value: 'cancelled', label: `Cancelled (${data.filter((w) => merge(w).status === 'cancelled').length})` },
            ]}
            style={{ alignSelf: 'flex-start' }}
            data-testid="workshop-filter"
          />
          {data
            .map(merge)
            .filter((w) => showing === 'all' || w.status === showing)
            .map((w) => (
              <WorkshopCard key={w.id} workshop={w} onChanged={changed} onDeleted={reload} />
            ))}
        </Flex>
      )}
      <WorkshopCreateDialog open={creating} onClose={() => setCreating(false)} onCreated={reload} />
    </>
  );
}
