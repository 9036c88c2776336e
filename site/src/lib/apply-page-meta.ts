import { NOT_FOUND_META, pageMetaFor } from '@workshop/shared';

function setMeta(selector: string, attr: 'content' | 'href', value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

/** Sets (creating it if needed) or removes a head element such as the canonical link. */
function element(tag: 'link' | 'meta', attrs: Record<string, string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function setOrRemove(selector: string, create: () => HTMLElement, attr: 'content' | 'href', value: string | null) {
  let el = document.head.querySelector(selector);
  if (value === null) return el?.remove();
  if (!el) document.head.appendChild((el = create()));
  el.setAttribute(attr, value);
}

export function applyPageMeta(pathname: string) {
  const known = pageMetaFor(pathname);
  const meta = known ?? NOT_FOUND_META;
  document.title = meta.title;
  setMeta('meta[name="description"]', 'content', meta.description);
  setMeta('meta[property="og:title"]', 'content', meta.title);
  setMeta('meta[property="og:description"]', 'content', meta.description);
  // A page that does not exist gets no canonical address (not '/404', which is no page either).
  const url = known ? `${location.origin}${meta.path}` : null;
  setOrRemove('link[rel="canonical"]', () => element('link', { rel: 'canonical' }), 'href', url);
  setOrRemove('meta[property="og:url"]', () => element('meta', { property: 'og:url' }), 'content', url);
  // The server's JSON-LD describes the page it sent: what is only about that page goes with it.
  document.querySelectorAll('script[type="application/ld+json"][data-page]').forEach((el) => el.getAttribute('data-page') !== pathname && el.remove());
}
