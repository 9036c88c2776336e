import type { EmailList, ListResponse } from '@workshop/shared';
import { Card, Table, Typography } from 'antd';
import type { ExpandableConfig } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router-dom';
import { useOffline } from '../queries/connectivity.store';
import { useOwnerWrites } from '../session/owner-writes';
import { useCachedQuery } from '../queries/use-cached-query';
import { useCsvExport } from '../queries/use-csv-export';
import { PAGE_SIZES, useListState, type ListQuery } from '../queries/use-list-query';
import { EmailAllButton } from './email-all';
import { ListEmpty } from './list-empty';
import { ListToolbar } from './list-toolbar';
import { PhoneList } from './phone-list';
import { useNarrowList } from './use-phone';
import { LoadError } from './load-error';
import { PageHeader } from './page-header';
import { SkeletonCards } from './skeleton-cards';
import { StatCards, type StatCard } from './stat-cards';

/** The filters of a list without its paging: what Export CSV and Email All cover. */
export type ListFilters<S extends string> = Omit<ListQuery<S>, 'page' | 'pageSize'>;

/** What a row's own actions need from the list around them. */
export interface ListRowContext {
  /** A row's own writes (an interest's status) are not possible now: offline, or signed in as staff. */
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
  /** Empty for a list without statuses: no status filter then. */
  statuses: { value: S; label: string }[];
  mailtoBody: string;
  load: (query: ListQuery<S>) => Promise<ListResponse<T> & { summary: Sum }>;
  /** Every address of the filter (Email All covers the whole filter, not the page). */
  emails: (filters: ListFilters<S>) => Promise<EmailList>;
  /** A change reloads the list (live updates). */
  refreshKey?: unknown;
  csv: { fileName: () => string; load: (filters: ListFilters<S>) => Promise<string>; success: string };
  /** A workshop filter beside the status filter (registrations). */
  workshops?: { value: string; label: string }[];
  columns: (ctx: ListRowContext) => ColumnsType<T>;
  /** A row as a card, on phones: what matters, whole, nothing wider than the screen. */
  card: (row: T, ctx: ListRowContext) => ReactNode;
  /** The empty state's text when no search or filter is set. */
  emptyDescription: string;
  /** Where clicking a row goes (its detail page), if rows have one. */
  rowHref?: (row: T) => string;
  /** Rows that open in place to show what they hold (a team booking's attendees). */
  expandable?: ExpandableConfig<T>;
  /** Beside the title: the screen's own action (Add booking). */
  headerExtra?: ReactNode;
}

/**
 * The registrations, interests and video leads screens (SPEC §9): stat cards, search, status filter, Email All
 * and Export CSV over a paged server-side list, with skeleton cards until the first answer.
 */
export function ListScreen<T extends { id: string; email: string }, S extends string, Sum extends { total: number }>(p: ListScreenProps<T, S, Sum>) {
  const { reason } = useOffline();
  const { blocked: offline } = useOwnerWrites();
  const navigate = useNavigate();
  const phone = useNarrowList();
  const list = useListState<S>(p.statuses.map((s) => s.value));
  const { q, status, page, pageSize, workshop_id } = list.query;
  const filters: ListFilters<S> = { q, status, ...(workshop_id ? { workshop_id } : {}) };
  const key = `${p.noun}?q=${q}&status=${status}&workshop=${workshop_id ?? ''}&page=${page}&pageSize=${pageSize}`;
  const { data, error, loading, reload } = useCachedQuery(key, () => p.load(list.query), p.refreshKey);
  const { exporting, exportCsv } = useCsvExport(p.csv.fileName, () => p.csv.load(filters), {
    success: p.csv.success,
    failure: `Failed to export ${p.noun}`,
  });

  return (
    <>
      <PageHeader title={p.title} subtitle={p.subtitle} extra={p.headerExtra} />
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
          workshop={p.workshops && { value: list.workshop, onChange: list.setWorkshop, options: p.workshops }}
          emailAll={<EmailAllButton total={data?.total ?? 0} load={() => p.emails(filters)} body={p.mailtoBody} />}
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
        ) : phone ? (
          <PhoneList<T>
            rows={data?.items ?? []}
            card={(r) => p.card(r, { offline, reload })}
            loading={loading && !!data}
            testId={`${p.noun}-cards`}
            empty={<ListEmpty title={`No ${p.noun} found`} description={list.filtered ? `No ${p.noun} match your current filters.` : p.emptyDescription} />}
            pagination={{ current: page, pageSize, total: data?.total ?? 0, onChange: list.setPaging }}
          />
        ) : (
          <Table<T>
            rowKey="id"
            size="middle"
            columns={p.columns({ offline, reload })}
            dataSource={data?.items ?? []}
            loading={loading && !!data}
            scroll={{ x: 'max-content' }}
            data-testid={`${p.noun}-table`}
            expandable={p.expandable}
            onRow={p.rowHref ? (row) => ({ onClick: () => navigate(p.rowHref!(row)), style: { cursor: 'pointer' } }) : undefined}
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
