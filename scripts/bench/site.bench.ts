/**
 * npm run bench:site — what the home page costs a phone on first load.
 *
 * 1. Bundle: gzip size of the JavaScript and CSS that site/dist/index.html loads first
 *    (entry script, its modulepreloads, stylesheets), from the production build.
 * 2. Browser: the real server (demo data, fresh database) and headless Chromium emulating a
 *    phone (412x823) with the CPU slowed 4x through CDP Emulation.setCPUThrottlingRate.
 *    Each run uses a cold cache and reports the JS/CSS actually fetched before the load
 *    event, everything fetched once the page is idle (lazy sections), and the Largest
 *    Contentful Paint. Median of BENCH_RUNS (default 5).
 * Env: BENCH_RUNS, BENCH_CPU (throttling rate, default 4), BENCH_NETWORK=4g to add a fast-4G link.
 * Needs `npm run build` first.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { launchChromium } from '../e2e/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU = Number(process.env.BENCH_CPU ?? 4);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'site', 'dist');

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB (${(bytes / 1000).toFixed(1)} kB)`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function bundleFigures() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  return {
    js: js.reduce((n, f) => n + gz(path.join(dist, f)), 0),
    css: css.reduce((n, f) => n + gz(path.join(dist, f)), 0),
    files,
  };
}

interface Run {
  lcpMs: number;
  lcpElement: string;
  firstJs: number;
  firstCss: number;
  idleJs: number;
  adminLoaded: boolean;
}

async function measure(baseUrl: string): Promise<Run[]> {
  const browser = await launchChromium();
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      if (process.env.BENCH_NETWORK === '4g') {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 });
      }
      const fetched: { url: string; atLoad: boolean }[] = [];
      let loaded = false;
      page.on('load', () => (loaded = true));
      page.on('request', (r) => {
        if (/\.(js|css)(\?|$)/.test(r.url())) fetched.push({ url: new URL(r.url()).pathname, atLoad: !loaded });
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: { t: number; el: string } };
        w.__lcp = { t: 0, el: '' };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
            w.__lcp = { t: e.startTime, el: e.element ? `${e.element.tagName.toLowerCase()}${e.element.className ? '.' + String(e.element.className).split(' ')[0] : ''}` : '' };
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      await page.getByTestId('hero-workshop').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(3000);
      await page.waitForLoadState('networkidle');
      // LCP stops updating at the first input; read it before anything else happens.
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: { t: number; el: string } }).__lcp);
      const size = (p: string) => {
        const file = path.join(dist, p);
        return existsSync(file) ? gz(file) : 0;
      };
      const unique = (xs: typeof fetched) => [...new Set(xs.map((f) => f.url))];
      const firstFiles = unique(fetched.filter((f) => f.atLoad));
      const run: Run = {
        lcpMs: Math.round(lcp.t),
        lcpElement: lcp.el,
        firstJs: firstFiles.filter((f) => f.endsWith('.js')).reduce((n, f) => n + size(f), 0),
        firstCss: firstFiles.filter((f) => f.endsWith('.css')).reduce((n, f) => n + size(f), 0),
        idleJs: unique(fetched).filter((f) => f.endsWith('.js')).reduce((n, f) => n + size(f), 0),
        adminLoaded: fetched.some((f) => /admin-entry|antd/.test(f.url)),
      };
      await context.close();
      // The first run warms the server (JIT, pools, OS file cache) and is not counted.
      if (i > 0) runs.push(run);
    }
  } finally {
    await browser.close();
  }
  return runs;
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('site/dist is missing: run `npm run build` first.');
  const bundle = bundleFigures();

  const { loadConfig, startServer, seedDemoData } = await import('../../server/src/index');
  const postgres = await scratchPostgres();
  const database = await scratchDatabase(postgres.adminUrl, 'site_bench');
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: database.url });
  const server = await startServer(config, { siteDist: dist });
  try {
    await seedDemoData(server.deps.db);
    const runs = await measure(server.url);
    const first = runs[0];
    console.log('Home page, first load');
    console.log(`  build: JS ${kb(bundle.js)} gzip, CSS ${kb(bundle.css)} gzip  (entry + modulepreload + stylesheet in index.html)`);
    console.log(`  browser: JS fetched before the load event ${kb(first.firstJs)}, CSS ${kb(first.firstCss)}; JS once idle (lazy sections) ${kb(first.idleJs)}`);
    console.log(`  admin or antd code fetched: ${runs.some((r) => r.adminLoaded) ? 'YES (regression)' : 'no'}`);
    console.log(
      `  LCP, ${CPU}x CPU throttling, 412x823 phone${process.env.BENCH_NETWORK === '4g' ? ', fast 4G' : ', local network'}: median ${median(runs.map((r) => r.lcpMs))} ms ` +
        `(runs: ${runs.map((r) => r.lcpMs).join(', ')} ms; element ${first.lcpElement})`,
    );
    console.log(`  targets: JS <= 90 KiB gzip ${bundle.js <= 90 * 1024 ? 'met' : 'MISSED'}, LCP < 1500 ms ${median(runs.map((r) => r.lcpMs)) < 1500 ? 'met' : 'MISSED'}`);
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
