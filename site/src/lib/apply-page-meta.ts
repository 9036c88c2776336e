import { NOT_FOUND_META, pageMetaFor } from '@workshop/shared';

function setMeta(selector: string, attr: 'content' | 'href', value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

export function applyPageMeta(pathname: string) {
  const meta = pageMetaFor(pathname) ?? NOT_FOUND_META;
  document.title = meta.title;
  setMeta('meta[name="description"]', 'content', meta.description);
  setMeta('meta[property="og:title"]', 'content', meta.title);
  setMeta('meta[property="og:description"]', 'content', meta.description);
  setMeta('link[rel="canonical"]', 'href', `${location.origin}${meta.path}`);
  setMeta('meta[property="og:url"]', 'content', `${location.origin}${meta.path}`);
}
