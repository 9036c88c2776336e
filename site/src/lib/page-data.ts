import type { PublicSiteState, PublicWorkshop } from '@workshop/shared';

/** The live data the server put in the page (`<script id="page-data" type="application/json">`), read once. */
export interface PageData {
  workshops?: PublicWorkshop[];
  site?: PublicSiteState;
}

let data: PageData | undefined;

export function pageData(): PageData {
  if (data) return data;
  data = {};
  if (typeof document === 'undefined') return data;
  try {
    const text = document.getElementById('page-data')?.textContent;
    if (text) data = JSON.parse(text) as PageData;
  } catch {
    // A page without it (or with a broken one) fetches the data instead.
  }
  return data;
}
