import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { antdVars } from './antd-vars';

export interface SummaryColumn<T> {
  title: string;
  dataIndex?: keyof T & string;
  key?: string;
  align?: 'left' | 'right';
  render?: (value: never, row: T) => ReactNode;
}

interface Props<T> {
  columns: SummaryColumn<T>[];
  rows: T[];
  rowKey: keyof T & string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  'data-testid'?: string;
}

/**
 * A small read-only table for the dashboard's summaries (a handful of rows, no paging, sorting
 * or selection). It looks like antd's small Table, whose code (with its paging, menus and
 * virtual lists) would double what the dashboard loads; the list screens keep antd's Table.
 */
export function SummaryTable<T>({ columns, rows, rowKey, rowProps, 'data-testid': testId }: Props<T>) {
  const cell = (align: 'left' | 'right' = 'left'): CSSProperties => ({
    padding: '8px',
    textAlign: align,
    borderBottom: `1px solid ${antdVars.colorBorderSecondary}`,
    whiteSpace: align === 'right' ? 'nowrap' : undefined,
  });
  return (
    <div style={{ overflowX: 'auto' }} data-testid={testId}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: antdVars.fontSize }}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key ?? c.dataIndex} scope="col" style={{ ...cell(c.align), fontWeight: 600, background: antdVars.colorFillAlter, whiteSpace: 'nowrap' }}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} style={{ ...cell(), textAlign: 'center', color: antdVars.colorTextDescription }}>
                No data
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={String(row[rowKey])} {...rowProps?.(row)}>
              {columns.map((c) => {
                const value = c.dataIndex === undefined ? undefined : row[c.dataIndex];
                return (
                  <td key={c.key ?? c.dataIndex} style={cell(c.align)}>
                    {c.render ? c.render(value as never, row) : (value as ReactNode)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
