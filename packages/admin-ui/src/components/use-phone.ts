import { Grid } from 'antd';

/** Under antd's md breakpoint (768px, the SPEC's mobile breakpoint): compact figure cards. */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}

/**
 * Under lg (992px): with the sidebar open a table has under 700px, too little for a list's
 * columns, so lists are cards there too.
 */
export function useNarrowList(): boolean {
  return Grid.useBreakpoint().lg === false;
}
