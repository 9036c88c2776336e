import { bulkMailto, type ListResponse } from '@workshop/shared';
import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useOffline } from '../queries/connectivity.store';
import { useCachedQuery } from '../queries/use-cached-query';
import { useCsvExport } from '../queries/use-csv-export';
import { PAGE_SIZES, useListState, type ListQuery } from '../queries/use-list-query';
import { ListEmpty } from './list-empty';
import { ListToolbar } from './list-toolbar';
import { LoadError } from './load-error';
import { PageHeader } from './page-header';
import { SkeletonCards } from './skeleton-cards';
import { StatCards, type StatCard } from './stat-cards';

/** What a row's own actions need from the list around them. */
export interface ListRowContext {
  offline: boolean;
  reload: () => void;
}

export interface ListScreenProps<T extends { id: string; email: string }, S extends string, Sum extends { total: number }> {
  /**
   * The list's plural noun as the screen says it ('registrations'). It also names the cached
   * query and the table's test id, which the desktop cache and the browser tests rely on.
   */
  noun: string;
  title: string;
  subtitle: string;
  cards: (summary: Sum | undefined) => StatCard[];
  searchPlaceholder: string;
  statuses: { value: S; label: string }[];
  mailtoBody: string;
  load: (query: ListQuery<S>) => Promise<ListResponse<T> & { summary: Sum }>;
  /** A change reloads the list (live updates). */
  refreshKey?: unknown;
  csv: { fileName: () => string; load: (filters: Pick<ListQuery<S>, 'q' | 'status'>) => Promise<string>; success: string };
  columns: (ctx: ListRowContext) => ColumnsType<T>;
  /** The empty state's text when no search or filter is set. */
  emptyDescription: string;
}

/**
 * The registrations and interests screens (SPEC §9): stat cards, search, status filter, Email All
 * and Export CSV over a paged server-side list, with skeleton cards until the first answer.
 */
export function ListScreen<T extends { id: string; email: string }, S extends string, Sum extends { total: number }>(p: ListScreenProps<T, S, Sum>) {
  const { offline, reason } = useOffline();
  const list = useListState<S>();
  const { q, status, page, pageSize } = list.query;
  const { data, error, loading, reload } = useCachedQuery(`${p.noun}?q=${q}&status=${status}&page=${page}&pageSize=${pageSize}`, () => p.load(list.query), p.refreshKey);
  const { exporting, exportCsv } = useCsvExport(p.csv.fileName, () => p.csv.load({ q, status }), {
    success: p.csv.success,
    failure: `Failed to export ${p.noun}`,
  });

  const emails = data?.items.map((r) => r.email) ?? [];
  return (
    <>
      <PageHeader title={p.title} subtitle={p.subtitle} />
      {(data || !error) && <StatCards loading={!data} cards={p.cards(data?.summary)} />}
      {error && !data && <LoadError title={`Failed to load ${p.noun}`} error={error} onRetry={reload} />}
      <Card>
        <ListToolbar
          search={list.search}
          onSearch={list.setSearch}
          placeholder={p.searchPlaceholder}
          status={list.status}
          onStatus={list.setStatus}
          statuses={p.statuses}
          mailto={emails.length ? bulkMailto(emails, p.mailtoBody) : null}
          onExport={exportCsv}
          exporting={exporting}
          exportDisabledReason={reason ?? (data && data.total === 0 ? `No ${p.noun} to export` : undefined)}
        />
        {data && (
          <Typography.Text type="secondary" data-testid="list-counter" style={{ display: 'block', marginBottom: 12 }}>
            {data.total} of {data.summary.total} {p.noun}
          </Typography.Text>
        )}
        {!data && !error ? (
          <SkeletonCards />
        ) : (
          <Table<T>
            rowKey="id"
            size="middle"
            columns={p.columns({ offline, reload })}
            dataSource={data?.items ?? []}
            loading={loading && !!data}
            scroll={{ x: 'max-content' }}
            data-testid={`${p.noun}-table`}
            locale={{
              emptyText: <ListEmpty title={`No ${p.noun} found`} description={list.filtered ? `No ${p.noun} match your current filters.` : p.emptyDescription} />,
            }}
            pagination={{ current: page, pageSize, total: data?.total ?? 0, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, onChange: list.setPaging }}
          />
        )}
      </Card>
    </>
  );
}
