/**
 * tsx scripts/bench/site-layout.ts <out-dir> [site-dist] — where everything on the public pages
 * ends up, and how much moved while they loaded: for every public route at 320, 375, 768, 1024
 * and 1440 px, a full-page screenshot (<out-dir>/<page>-<width>.png), the position of every
 * heading, paragraph, list item, section, header and footer once the page has settled, and the
 * page's layout shift (the sum of every `layout-shift` entry without recent input).
 * `tsx scripts/bench/site-layout.ts --compare <before-dir> <after-dir>` lists what moved between
 * two runs (say the build before and after a change) and both runs' layout shift.
 * Uses the real server over a fresh database with the demo data.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { launchChromium } from '../e2e/browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LAYOUT_WIDTHS = [320, 375, 768, 1024, 1440];
export const LAYOUT_ROUTES: [string, string][] = [
  ['/', 'home'],
  ['/pricing', 'pricing'],
  ['/learn', 'learn'],
  ['/about', 'about'],
  ['/contact', 'contact'],
  ['/why-no-code', 'why-no-code'],
  ['/who-should-attend', 'who-should-attend'],
  ['/platform', 'platform'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/refund-policy', 'refund-policy'],
  ['/thank-you', 'thank-you'],
  ['/no-such-page', '404'],
];

interface Box {
  key: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
interface PageLayout {
  page: string;
  width: number;
  cls: number;
  height: number;
  boxes: Box[];
}

async function capture(outDir: string, dist: string) {
  mkdirSync(outDir, { recursive: true });
  const { loadConfig, startServer, seedDemoData } = await import('../../server/src/index');
  const postgres = await scratchPostgres();
  const database = await scratchDatabase(postgres.adminUrl, 'site_layout');
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: database.url });
  const server = await startServer(config, { siteDist: dist });
  const browser = await launchChromium();
  const results: PageLayout[] = [];
  try {
    await seedDemoData(server.deps.db);
    for (const width of LAYOUT_WIDTHS) {
      for (const [route, name] of LAYOUT_ROUTES) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, timezoneId: 'America/New_York', reducedMotion: 'reduce' });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number };
          w.__cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(server.url + route, { waitUntil: 'load' });
        if (route === '/') await page.getByTestId('hero-workshop').waitFor();
        if (route === '/pricing') await page.getByTestId('price-card').waitFor();
        await page.getByRole('contentinfo').waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
        // The countdown ticks: freeze its digits so two runs compare.
        await page.evaluate(() => document.querySelectorAll('.countdown-value').forEach((e) => (e.textContent = '00')));
        const layout = await page.evaluate(() => {
          const seen = new Map<string, number>();
          const boxes = [...document.querySelectorAll('header, footer, main section, main article, main h1, main h2, main h3, main p, main li, main dl, main form, main img, main button, .qwidget')].map((el) => {
            const r = el.getBoundingClientRect();
            const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
            const base = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${text}"`;
            const n = (seen.get(base) ?? 0) + 1;
            seen.set(base, n);
            return { key: n > 1 ? `${base} #${n}` : base, x: Math.round(r.x), y: Math.round(r.y + scrollY), w: Math.round(r.width), h: Math.round(r.height) };
          });
          return { boxes, height: document.documentElement.scrollHeight, cls: (window as unknown as { __cls: number }).__cls };
        });
        await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
        results.push({ page: name, width, ...layout });
        await context.close();
      }
    }
    writeFileSync(path.join(outDir, 'layout.json'), JSON.stringify(results, null, 1));
    console.log(`${results.length} pages captured in ${outDir}`);
  } finally {
    await browser.close();
    await server.close();
    await database.drop();
    await postgres.stop();
  }
}

function compare(beforeDir: string, afterDir: string) {
  const load = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'layout.json'), 'utf8')) as PageLayout[];
  const before = load(beforeDir);
  const after = new Map(load(afterDir).map((p) => [`${p.page}@${p.width}`, p]));
  let moved = 0;
  const rows: Record<string, string | number>[] = [];
  for (const b of before) {
    const a = after.get(`${b.page}@${b.width}`);
    if (!a) continue;
    const boxes = new Map(a.boxes.map((x) => [x.key, x]));
    const diffs: string[] = [];
    for (const box of b.boxes) {
      const other = boxes.get(box.key);
      if (!other) diffs.push(`gone: ${box.key}`);
      else if (Math.abs(other.x - box.x) > 1 || Math.abs(other.y - box.y) > 1 || Math.abs(other.w - box.w) > 1 || Math.abs(other.h - box.h) > 1) {
        diffs.push(`${box.key}: ${box.x},${box.y} ${box.w}x${box.h} -> ${other.x},${other.y} ${other.w}x${other.h}`);
      }
    }
    const added = a.boxes.filter((x) => !b.boxes.some((y) => y.key === x.key)).map((x) => `new: ${x.key}`);
    moved += diffs.length + added.length;
    rows.push({ page: b.page, width: b.width, 'height before': b.height, 'height after': a.height, 'CLS before': b.cls.toFixed(4), 'CLS after': a.cls.toFixed(4), 'boxes moved': diffs.length + added.length });
    for (const d of [...diffs, ...added].slice(0, 8)) console.log(`  ${b.page}@${b.width}: ${d}`);
  }
  console.table(rows);
  console.log(moved === 0 ? 'Nothing moved.' : `${moved} differences (listed above, first 8 per page).`);
}

if (process.argv[2] === '--compare') {
  compare(process.argv[3], process.argv[4]);
} else {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx scripts/bench/site-layout.ts <out-dir> [site-dist] | --compare <before> <after>');
  const dist = path.resolve(process.argv[3] ?? path.join(root, 'site', 'dist'));
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: run npm run build first.`);
  capture(path.resolve(out), dist).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
