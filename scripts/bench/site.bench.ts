/**
 * npm run bench:site — the public pages and the admin as a visitor's browser gets them.
 *
 * 1. Bundle: gzip size of the JavaScript and CSS the prerendered home page (site/dist/pages/
 *    index.html) loads first (entry script, its modulepreloads, stylesheets).
 * 2. Lighthouse 12, mobile profile (simulated slow 4G: 150 ms RTT, 1.6 Mbps; 4x CPU slowdown),
 *    on /, /pricing and /learn, in the system Chromium (`CHROME_PATH`, else chromium on PATH,
 *    run with --headless=new --no-sandbox --disable-gpu), against the real server with the demo
 *    data: performance and accessibility scores, LCP, TBT, CLS, FCP. Median of BENCH_RUNS runs
 *    per page (default 3): the simulation replays this machine's own CPU timings, so other work
 *    on the machine shows in TBT (the load average is printed).
 * 3. Admin: the JavaScript a cold browser fetches for the sign-in screen, and for the dashboard
 *    of a signed-in admin (gzip size of each file), and the part of it that is the admin's own
 *    (not the React runtime the public pages share).
 * Env: BENCH_RUNS, BENCH_PAGES (comma-separated paths), BENCH_FILES (list the dashboard's N largest
 * scripts), BENCH_REQUESTS (list each page's requests and long tasks as Lighthouse saw them), BENCH_TRACE
 * (a folder: each measured run's trace is saved there, for Chromium's performance panel). Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Page } from 'playwright-core';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { launchChromium } from '../e2e/browser';
import { findChromium } from '../e2e/chromium';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (process.env.BENCH_PAGES ?? '/,/pricing,/learn').split(',');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'site', 'dist');

const TARGETS = { performance: 95, accessibility: 100, lcpMs: 1200, tbtMs: 100, cls: 0.02, homeJsKiB: 90, loginKB: 150, dashboardKB: 250 };

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

function bundleFigures() {
  const html = readFileSync(path.join(dist, 'pages', 'index.html'), 'utf8');
  // The page's boot script names its entry and modulepreloads; its styles are inline.
  const files = [...new Set([...html.matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
  const js = files.reduce((n, f) => n + gz(path.join(dist, f)), 0);
  const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + gzipSync(m[1], { level: 9 }).length, 0);
  return { js, css, files };
}

// ---------- Lighthouse ----------

/** The system Chromium with a DevTools port for Lighthouse (what chrome-launcher does). */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const found = findChromium();
  if (!found) throw new Error('No Chromium: set CHROME_PATH or install chromium.');
  const profile = mkdtempSync(path.join(tmpdir(), 'lh-chromium-'));
  const child: ChildProcess = spawn(
    found.path,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${text}`)), 20_000);
    child.stderr!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${text}`)));
  });
  return {
    port,
    stop: async () => {
      // Chromium still writes to its profile as it shuts down: remove it only once the process is gone.
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

interface LhRun {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  failedA11y: string[];
  /** What the LCP is and where its time goes (TTFB, load delay, load time, render delay). */
  lcpDetail: string;
}

/** Lighthouse 12's largest-contentful-paint-element audit: the element, then its phases. */
function lcpDetail(audit: { details?: unknown } | undefined): string {
  const tables = ((audit?.details as { items?: { items?: Record<string, unknown>[] }[] })?.items ?? []).map((t) => t.items ?? []);
  const node = (tables[0]?.[0]?.node as { snippet?: string } | undefined)?.snippet ?? '?';
  const phases = (tables[1] ?? []).map((r) => `${r.phase} ${Math.round(Number(r.timing))} ms`).join(', ');
  return `${node.slice(0, 90)}${phases ? ` (${phases})` : ''}`;
}

async function lighthouseRuns(baseUrl: string): Promise<Map<string, LhRun[]>> {
  const chrome = await startChromium();
  const results = new Map<string, LhRun[]>();
  try {
    for (const p of PAGES) {
      const runs: LhRun[] = [];
      // One unmeasured run warms the server and the OS file cache.
      for (let i = 0; i <= RUNS; i++) {
        const result = await lighthouse(`${baseUrl}${p}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'] });
        if (!result) throw new Error(`Lighthouse gave no result for ${p}`);
        const { lhr } = result;
        if (process.env.BENCH_TRACE && i > 0) {
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          writeFileSync(path.join(process.env.BENCH_TRACE, `${p === '/' ? 'home' : p.slice(1).replace(/\W+/g, '_')}-${i}.json`), JSON.stringify(trace));
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${p}: ${lhr.runtimeError.message}`);
        if (process.env.BENCH_REQUESTS) {
          const items = (lhr.audits['network-requests']?.details as { items?: { url: string; networkRequestTime: number; networkEndTime: number; resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
          for (const r of items) console.log(`  ${p} ${Math.round(r.networkRequestTime)}-${Math.round(r.networkEndTime)} ms ${r.resourceType} ${r.transferSize} B ${r.url}`);
          const tasks = (lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? [];
          for (const t of tasks) console.log(`  ${p} long task at ${Math.round(t.startTime)} ms for ${Math.round(t.duration)} ms: ${t.url}`);
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const run: LhRun = {
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          fcp: audit('first-contentful-paint'),
          si: audit('speed-index'),
          failedA11y: lhr.categories.accessibility.auditRefs.filter((r) => lhr.audits[r.id].score === 0).map((r) => r.id),
          lcpDetail: lcpDetail(lhr.audits['largest-contentful-paint-element']),
        };
        if (i > 0) runs.push(run);
      }
      results.set(p, runs);
    }
  } finally {
    await chrome.stop();
  }
  return results;
}

// ---------- Admin JavaScript ----------

/** gzip size of every script the page fetched while `act` ran, by path. */
async function scriptsFetched(page: Page, act: () => Promise<void>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const onRequest = (r: { url: () => string; resourceType: () => string }) => {
    if (r.resourceType() !== 'script') return;
    const p = new URL(r.url()).pathname;
    const file = path.join(dist, p);
    if (existsSync(file)) seen.set(p, gz(file));
  };
  page.on('request', onRequest);
  try {
    await act();
  } finally {
    page.off('request', onRequest);
  }
  return seen;
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

async function adminFigures(baseUrl: string, admin: { email: string; password: string }) {
  const browser = await launchChromium();
  try {
    const fresh = async () => (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();

    const home = await fresh();
    const homeJs = await scriptsFetched(home, async () => {
      await home.goto(`${baseUrl}/`, { waitUntil: 'load' });
      await home.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await home.waitForLoadState('networkidle');
      await home.waitForTimeout(2500);
      await home.waitForLoadState('networkidle');
    });
    const homeFirst = await fresh();
    const homeFirstJs = await scriptsFetched(homeFirst, async () => {
      await homeFirst.goto(`${baseUrl}/`, { waitUntil: 'load' });
    });

    const login = await fresh();
    const loginJs = await scriptsFetched(login, async () => {
      await login.goto(`${baseUrl}/admin/login`);
      await login.getByRole('button', { name: 'Sign In' }).waitFor();
      await login.waitForLoadState('networkidle');
    });

    const dashboard = await fresh();
    const res = await dashboard.request.post(`${baseUrl}/api/auth/login`, { data: admin });
    if (!res.ok()) throw new Error(`admin sign-in failed: ${res.status()}`);
    const dashboardJs = await scriptsFetched(dashboard, async () => {
      await dashboard.goto(`${baseUrl}/admin`);
      await dashboard.getByTestId('recent-registrations').getByTestId('recent-registration').first().waitFor({ timeout: 30_000 });
      await dashboard.waitForLoadState('networkidle');
    });
    // The React runtime and router the public pages load too (cached once a visitor has seen the site).
    const shared = (m: Map<string, number>) => new Map([...m].filter(([p]) => homeJs.has(p)));
    return { homeJs, homeFirstJs, loginJs, dashboardJs, loginShared: total(shared(loginJs)), dashboardShared: total(shared(dashboardJs)), adminLoadedOnHome: [...homeJs.keys()].some((p) => /admin|antd|table/.test(p)) };
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(path.join(dist, 'pages', 'index.html'))) throw new Error('site/dist/pages is missing: run `npm run build` first.');
  const bundle = bundleFigures();

  const { loadConfig, startServer, seedDemoData } = await import('../../server/src/index');
  const postgres = await scratchPostgres();
  const database = await scratchDatabase(postgres.adminUrl, 'site_bench');
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: database.url });
  const server = await startServer(config, { siteDist: dist });
  try {
    const seeded = await seedDemoData(server.deps.db);
    if (!seeded) throw new Error('the scratch database was not empty');
    const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
    const loadBefore = load();
    const lh = await lighthouseRuns(server.url);
    const loadAfter = load();
    const js = await adminFigures(server.url, seeded.admin);

    console.log('Home page, first load (production build)');
    console.log(`  build: JS ${kib(bundle.js)} gzip (the prerendered page's entry and preloads), CSS ${kib(bundle.css)} gzip (inlined in the page)`);
    console.log(`  browser: JS fetched by the load event ${kib(total(js.homeFirstJs))}; once idle (below-the-fold code) ${kib(total(js.homeJs))}`);
    console.log(`  admin or antd code fetched by a public page: ${js.adminLoadedOnHome ? 'YES (regression)' : 'no'}`);

    console.log(`\nLighthouse ${'12'} mobile (simulated slow 4G, 4x CPU), median of ${RUNS} runs; load average ${loadBefore} before, ${loadAfter} after, ${cpus().length} cores`);
    const rows = [...lh].map(([p, runs]) => {
      const m = (f: (r: LhRun) => number) => median(runs.map(f));
      return {
        page: p,
        performance: m((r) => r.performance),
        accessibility: m((r) => r.accessibility),
        'LCP ms': Math.round(m((r) => r.lcp)),
        'TBT ms': Math.round(m((r) => r.tbt)),
        CLS: Number(m((r) => r.cls).toFixed(3)),
        'FCP ms': Math.round(m((r) => r.fcp)),
        'SI ms': Math.round(m((r) => r.si)),
        'perf runs': runs.map((r) => r.performance).join(' '),
      };
    });
    console.table(rows);
    for (const [p, runs] of lh) {
      const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
      if (failed.length) console.log(`  ${p} accessibility audits failed: ${failed.join(', ')}`);
    }
    for (const [p, runs] of lh) console.log(`  ${p} LCP: ${runs[0]?.lcpDetail}`);

    const loginTotal = total(js.loginJs);
    const dashTotal = total(js.dashboardJs);
    console.log('\nAdmin JavaScript, cold cache (gzip of each file fetched)');
    console.log(`  sign-in screen: ${kb(loginTotal)} in ${js.loginJs.size} files; the admin's own ${kb(loginTotal - js.loginShared)} (the rest, ${kb(js.loginShared)}, is the React runtime the public pages load too)`);
    console.log(`  dashboard, signed in: ${kb(dashTotal)} in ${js.dashboardJs.size} files; the admin's own ${kb(dashTotal - js.dashboardShared)}`);
    if (process.env.BENCH_FILES) {
      const largest = [...js.dashboardJs].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_FILES));
      for (const [file, bytes] of largest) console.log(`    ${kb(bytes).padStart(9)}  ${file}`);
    }

    const ok = (f: (r: (typeof rows)[number]) => boolean) => rows.every(f);
    console.log('\nTargets');
    console.log(`  performance >= ${TARGETS.performance} on ${PAGES.join(' ')}: ${met(ok((r) => r.performance >= TARGETS.performance))}`);
    console.log(`  accessibility ${TARGETS.accessibility}: ${met(ok((r) => r.accessibility >= TARGETS.accessibility))}`);
    console.log(`  LCP <= ${TARGETS.lcpMs} ms: ${met(ok((r) => r['LCP ms'] <= TARGETS.lcpMs))}; TBT <= ${TARGETS.tbtMs} ms: ${met(ok((r) => r['TBT ms'] <= TARGETS.tbtMs))}; CLS <= ${TARGETS.cls}: ${met(ok((r) => r.CLS <= TARGETS.cls))}`);
    console.log(`  home first-load JS <= ${TARGETS.homeJsKiB} KiB gzip: ${met(bundle.js <= TARGETS.homeJsKiB * 1024)} (${kib(bundle.js)})`);
    console.log(`  sign-in screen <= ${TARGETS.loginKB} KB gzip: ${met(loginTotal <= TARGETS.loginKB * 1000)} (${kb(loginTotal)})`);
    console.log(`  dashboard <= ${TARGETS.dashboardKB} KB gzip: ${met(dashTotal <= TARGETS.dashboardKB * 1000)} (${kb(dashTotal)}; the admin's own ${kb(dashTotal - js.dashboardShared)})`);
  } finally {
    await server.close();
    await database.drop();
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
