import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import express, { type Request, type RequestHandler, type Response } from 'express';
import {
  jsonForScript,
  NOT_FOUND_META,
  OG_IMAGE_PATH,
  pageJsonLd,
  pageMetaFor,
  SITE_NAME,
  type PageMeta,
  type PublicSiteState,
  type PublicWorkshop,
} from '@workshop/shared';
import { livePlaceholders } from './live-placeholders';

/** The live data a public page shows: its HTML carries it, so the page needs no API call to fill in. */
export interface PageData {
  workshops: PublicWorkshop[];
  site: PublicSiteState;
}

export interface StaticSiteOptions {
  /** Origin for canonical and Open Graph links; defaults to the origin the request came in on. */
  publicBaseUrl?: string;
  /** Reads the live data put in each public page (workshops, settings); without it pages fetch their own. */
  pageData?: () => Promise<PageData>;
  /** Where a failure to read it is reported (the page is still served, and fetches the data itself). */
  onPageDataError?: (err: unknown) => void;
}

const META_BLOCK = /<!--page-meta:start-->[\s\S]*?<!--page-meta:end-->|<title>[\s\S]*?<\/title>/;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Pages that are personal or private: reachable, never indexed. */
const NO_INDEX = [/^\/admin(\/|$)/, /^\/thank-you\/?$/, /^\/booking\//, /^\/join\//, /^\/recording\//, /^\/feedback\//, /^\/certificates\//, /^\/unsubscribe\/?$/, /^\/waitlist\//, /^\/your-data\/?$/, /^\/privacy\/confirm\/?$/];

function headFor(meta: PageMeta, origin: string, opts: { noindex: boolean; canonical: boolean }): string {
  const url = `${origin}${meta.path}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    // A page that does not exist has no address of its own to point search engines at.
    ...(opts.canonical ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    ...(opts.canonical ? [`<meta property="og:url" content="${escapeHtml(url)}" />`] : []),
    `<meta property="og:image" content="${escapeHtml(origin + OG_IMAGE_PATH)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (opts.noindex) tags.push('<meta name="robots" content="noindex" />');
  return tags.join('\n    ');
}

/** The page's live data and JSON-LD, as elements for the end of its head. */
function liveTags(meta: PageMeta, origin: string, data: PageData | undefined, known: boolean): string {
  if (!data) return '';
  const tags = [`<script type="application/json" id="page-data">${jsonForScript(data)}</script>`];
  const sameAs = Object.values(data.site.links ?? {}).filter((u): u is string => typeof u === 'string' && u !== '');
  const blocks = pageJsonLd(known ? meta.path : '', origin, data.workshops, sameAs);
  for (const [name, block] of Object.entries(blocks)) {
    // What only this page shows (its events) is marked with its path, so a client-side
    // navigation away drops it (site/src/lib/apply-page-meta.ts).
    const page = name === 'organization' ? '' : ` data-page="${escapeHtml(meta.path)}"`;
    tags.push(`<script type="application/ld+json" data-jsonld="${name}"${page}>${jsonForScript(block)}</script>`);
  }
  return tags.join('\n    ');
}

/** sha256 sources for the CSP of each inline script (not data blocks) the built pages carry. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  }
  return hashes;
}

function allowInlineScripts(res: Response, hashes: string[]) {
  if (!hashes.length) return;
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp === 'string') res.setHeader('Content-Security-Policy', csp.replace(/script-src 'self'/, `script-src 'self' ${hashes.join(' ')}`));
}

interface Template {
  html: string;
  hashes: string[];
}

function template(file: string): Template | undefined {
  if (!existsSync(file)) return undefined;
  const html = readFileSync(file, 'utf8');
  return { html, hashes: inlineScriptHashes(html) };
}

/**
 * Serves the built public site and /admin from one origin with the API.
 *
 * Public pages are prerendered at build time (site/scripts/prerender.ts: dist/pages/<page>.html),
 * so their HTML carries their headings and copy; each answer adds the page's own title,
 * description, canonical and Open Graph tags (SPEC §1), its JSON-LD, and the live data it shows
 * (workshops, seats, prices, settings), read from the database for every page view (queries in
 * flight are shared, nothing is kept), so the page fills in as soon as it is hydrated without an
 * API call. Personal pages (thank-you, booking links) are drawn in the browser (dist/index.html);
 * the admin has its own entry (dist/admin.html). Unknown paths answer 404 with the 404 page.
 * Hashed assets are cached for a year; HTML is never cached so a deploy shows at once.
 */
export function staticSite(distDir: string, options: StaticSiteOptions = {}): RequestHandler[] {
  const shell = template(path.join(distDir, 'index.html'));
  if (!shell) return [];
  const admin = template(path.join(distDir, 'admin.html')) ?? shell;
  const pagesDir = path.join(distDir, 'pages');
  const prerendered = new Map<string, Template>();
  if (existsSync(pagesDir)) {
    for (const f of readdirSync(pagesDir)) {
      const t = f.endsWith('.html') ? template(path.join(pagesDir, f)) : undefined;
      if (t) prerendered.set(f === 'index.html' ? '/' : `/${f.slice(0, -'.html'.length)}`, t);
    }
  }
  const assetsDir = path.join(distDir, 'assets');
  const heads = new Map<string, string>();

  const originOf = (req: Request) => (options.publicBaseUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');

  const immutable = 'public, max-age=31536000, immutable';
  const assets = express.static(distDir, {
    index: false,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', immutable);
    },
  });
  // The build's brotli and gzip copies of the hashed assets (site/scripts/prerender.ts).
  const precompressed = new Set(existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => /\.(br|gz)$/.test(f)) : []);
  const files: RequestHandler = (req, res, next) => {
    // dist/index.html and dist/pages/* are answered below, with their page's head, never as files.
    if (req.path === '/index.html' || req.path.startsWith('/pages/') || req.path.startsWith('/.vite/')) return next();
    const name = req.path.startsWith('/assets/') ? req.path.slice('/assets/'.length) : undefined;
    if (name && !name.includes('/') && (req.method === 'GET' || req.method === 'HEAD')) {
      res.setHeader('Vary', 'Accept-Encoding');
      const encoding = req.acceptsEncodings('br', 'gzip');
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : undefined;
      if (suffix && precompressed.has(name + suffix)) {
        res.setHeader('Content-Encoding', encoding as string);
        res.setHeader('Cache-Control', immutable);
        res.type(path.extname(name));
        return res.sendFile(path.join(assetsDir, name + suffix), { cacheControl: false }, (err) => err && next(err));
      }
    }
    return assets(req, res, next);
  };

  /** HTML is made per request: compressed per request too (a page is a few dozen KB). */
  const send = (req: Request, res: Response, status: number, html: string) => {
    res.setHeader('Vary', 'Accept-Encoding');
    res.status(status).type('html');
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding === 'br') return res.setHeader('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    if (encoding === 'gzip') return res.setHeader('Content-Encoding', 'gzip').send(gzipSync(html, { level: 6 }));
    res.send(html);
  };

  const readPageData = async (): Promise<PageData | undefined> => {
    if (!options.pageData) return undefined;
    try {
      return await options.pageData();
    } catch (err) {
      options.onPageDataError?.(err);
      return undefined;
    }
  };

  const page: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const isAdmin = NO_INDEX[0].test(req.path);
    // A route before this one found the page's secret names nothing (a join link): the 404 page, as for any unknown path.
    const known = res.locals.notFound ? undefined : pageMetaFor(req.path);
    // Static files that were not found (a stale hashed asset) must not come back as HTML.
    if (!known && !isAdmin && path.extname(req.path)) return next();
    const meta = known ?? (isAdmin ? { ...NOT_FOUND_META, title: `Admin | ${SITE_NAME}`, path: '/admin' } : NOT_FOUND_META);
    const page = isAdmin ? admin : known ? (prerendered.get(meta.path) ?? shell) : (prerendered.get('/404') ?? shell);
    const origin = originOf(req);

    const key = `${origin}|${meta.path}|${isAdmin}`;
    let head = heads.get(key);
    if (head === undefined) {
      const noindex = NO_INDEX.some((re) => re.test(req.path)) || !known;
      head = headFor(meta, origin, { noindex, canonical: !!known || isAdmin });
      // A handful of origins at most (one in production); the cap keeps a Host-header flood harmless.
      if (heads.size < 500) heads.set(key, head);
    }
    let html = page.html.replace(META_BLOCK, () => head);
    if (!isAdmin) {
      const data = await readPageData();
      const live = liveTags(meta, origin, data, !!known);
      if (live) html = html.replace('</head>', () => `  ${live}\n  </head>`);
      if (data && known && meta.path === '/') {
        const { htmlAttributes, style } = livePlaceholders(data.workshops);
        html = html.replace(/<html lang="en"/, () => `<html lang="en" ${htmlAttributes}`).replace('</head>', () => `  ${style}\n  </head>`);
      }
    }
    allowInlineScripts(res, page.hashes);
    res.setHeader('Cache-Control', 'no-cache');
    send(req, res, known || isAdmin ? 200 : 404, html);
  };
  return [files, page];
}
