import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebounced } from './use-debounced';

export const PAGE_SIZES = [25, 50, 100, 200];

/** What an admin list asks the server for. */
export interface ListQuery<S extends string> {
  q: string;
  status: S | 'all';
  page: number;
  pageSize: number;
  /** Registrations only: one workshop's rows ('all' = every workshop). */
  workshop_id?: string;
}

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Search, filters and paging of an admin list, kept in the URL (?q=&status=&workshop=&page=&size=)
 * so a view can be shared and survives a reload. The search box answers at once; the URL and the
 * server follow once typing pauses. A filter change goes back to page 1.
 */
export function useListState<S extends string>(statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') as S | null;
  const status: S | 'all' = statusParam && statuses.includes(statusParam) ? statusParam : 'all';
  const workshop = params.get('workshop') || 'all';
  const page = positive(params.get('page'), 1);
  const sizeParam = positive(params.get('size'), PAGE_SIZES[0]);
  const pageSize = PAGE_SIZES.includes(sizeParam) ? sizeParam : PAGE_SIZES[0];
  const urlQ = params.get('q') ?? '';

  const [search, setSearchRaw] = useState(urlQ);
  const q = useDebounced(search.trim(), 300);

  // react-router hands a functional update the params of the last render, not of the last update:
  // the search settling and a filter picked before the next render would each drop the other's change.
  // A render that predates the URL change (navigation may run as a transition) must not bring back the old params.
  const seen = useRef(params);
  const latest = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  /** Writes the given keys; the defaults are left out so a plain list keeps a plain URL. */
  const update = (changes: Record<string, string | number>) => {
    const next = new URLSearchParams(latest.current);
    for (const [k, v] of Object.entries(changes)) {
      const isDefault = v === '' || v === 'all' || (k === 'page' && v === 1) || (k === 'size' && v === PAGE_SIZES[0]);
      if (isDefault) next.delete(k);
      else next.set(k, String(v));
    }
    latest.current = next;
    setParams(next, { replace: true });
  };

  // The typed search reaches the URL once it settles (and only then resets the page).
  useEffect(() => {
    if (q !== urlQ.trim()) update({ q, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  // Back/forward or a pasted link changes the URL under the box.
  useEffect(() => {
    if (urlQ.trim() !== search.trim()) setSearchRaw(urlQ);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlQ]);

  const query: ListQuery<S> = { q: urlQ.trim(), status, page, pageSize, ...(workshop !== 'all' ? { workshop_id: workshop } : {}) };
  return {
    search,
    setSearch: setSearchRaw,
    status,
    setStatus: (v: S | 'all') => update({ status: v, page: 1 }),
    workshop,
    setWorkshop: (v: string) => update({ workshop: v, page: 1 }),
    q: query.q,
    page,
    pageSize,
    setPaging: (p: number, size: number) => update({ page: size === pageSize ? p : 1, size }),
    filtered: query.q !== '' || status !== 'all' || workshop !== 'all',
    query,
  };
}
