import { useState } from 'react';
import { useDebounced } from './use-debounced';

export const PAGE_SIZES = [25, 50, 100, 200];

/** What an admin list asks the server for. */
export interface ListQuery<S extends string> {
  q: string;
  status: S | 'all';
  page: number;
  pageSize: number;
}

/** Search, status and paging state of an admin list; filters go to the server, page resets on change. */
export function useListState<S extends string>() {
  const [search, setSearchRaw] = useState('');
  const [status, setStatusRaw] = useState<S | 'all'>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const q = useDebounced(search.trim(), 300);
  return {
    search,
    setSearch: (v: string) => {
      setSearchRaw(v);
      setPage(1);
    },
    status,
    setStatus: (v: S | 'all') => {
      setStatusRaw(v);
      setPage(1);
    },
    q,
    page,
    pageSize,
    setPaging: (p: number, size: number) => {
      setPage(size === pageSize ? p : 1);
      setPageSize(size);
    },
    filtered: q !== '' || status !== 'all',
    query: { q, status, page, pageSize },
  };
}
