import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler } from 'express';
import { NOT_FOUND_META, OG_IMAGE_PATH, pageMetaFor, SITE_NAME, type PageMeta } from '@workshop/shared';

export interface StaticSiteOptions {
  /** Origin for canonical and Open Graph links; defaults to the origin the request came in on. */
  publicBaseUrl?: string;
}

const META_BLOCK = /<!--page-meta:start-->[\s\S]*?<!--page-meta:end-->|<title>[\s\S]*?<\/title>/;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Pages that are personal or private: reachable, never indexed. */
const NO_INDEX = [/^\/admin(\/|$)/, /^\/thank-you\/?$/];

function headFor(meta: PageMeta, origin: string, opts: { noindex: boolean; fontHref?: string }): string {
  const url = `${origin}${meta.path}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(origin + OG_IMAGE_PATH)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (opts.noindex) tags.push('<meta name="robots" content="noindex" />');
  // The hero's font is found only after the CSS is parsed; asking for it now saves a round trip.
  if (opts.fontHref) tags.push(`<link rel="preload" href="${opts.fontHref}" as="font" type="font/woff2" crossorigin />`);
  return tags.join('\n    ');
}

/**
 * Serves the built public site and /admin from one origin with the API.
 * Each page's HTML carries its own title, description, canonical and Open Graph tags (SPEC §1),
 * so crawlers and link previews see them without running JavaScript; unknown paths answer 404.
 * Hashed assets are cached for a year; HTML is never cached so a deploy shows at once.
 */
export function staticSite(distDir: string, options: StaticSiteOptions = {}): RequestHandler[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  const assetsDir = path.join(distDir, 'assets');
  const font = existsSync(assetsDir) ? readdirSync(assetsDir).find((f) => /^inter-latin-wght-normal.*\.woff2$/.test(f)) : undefined;
  const fontHref = font ? `/assets/${font}` : undefined;
  const rendered = new Map<string, string>();

  const originOf = (req: Request) => (options.publicBaseUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');

  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const spa: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const isAdmin = NO_INDEX[0].test(req.path);
    const known = pageMetaFor(req.path);
    // Static files that were not found (a stale hashed asset) must not come back as HTML.
    if (!known && !isAdmin && path.extname(req.path)) return next();
    const meta = known ?? (isAdmin ? { ...NOT_FOUND_META, title: `Admin | ${SITE_NAME}`, path: '/admin' } : NOT_FOUND_META);
    const origin = originOf(req);
    const key = `${origin}|${meta.path}`;
    let page = rendered.get(key);
    if (!page) {
      const noindex = NO_INDEX.some((re) => re.test(req.path)) || !known;
      page = html.replace(META_BLOCK, headFor(meta, origin, { noindex, fontHref: isAdmin ? undefined : fontHref }));
      // A handful of origins at most (one in production); the cap keeps a Host-header flood harmless.
      if (rendered.size < 200) rendered.set(key, page);
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.status(known || isAdmin ? 200 : 404).type('html').send(page);
  };
  return [assets, spa];
}
