/**
 * Renders site/public/og-image.png (1200x630), the home page's link-preview image, and
 * site/public/logo.png (512x512, the Organization logo for search engines) with the same
 * Chromium the tests use. Run again after changing the copy: `npx tsx site/scripts/make-og-image.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../scripts/e2e/browser';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/og-image.png');
const logoOut = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/logo.png');

/** The header's logo (site/src/components/logo.tsx): the mark, not an empty tile. */
const logoSvg = (size: number) => `<svg width="${size}" height="${size}" viewBox="0 0 32 32" xmlns="http://www.w3.org/2000/svg">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6d5dfc"/><stop offset="1" stop-color="#c026d3"/></linearGradient></defs>
<rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M9 11h6v4H9zM17 11h6v10h-6zM9 17h6v4H9z" fill="#fff"/></svg>`;
const fontFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');

const html = `<!doctype html><html><head><style>
@font-face { font-family: Inter; src: url('file://${fontFile}') format('woff2'); font-weight: 100 900; }
body { margin: 0; width: 1200px; height: 630px; font-family: Inter, sans-serif; color: #fff; overflow: hidden;
  background: radial-gradient(900px 500px at 85% -10%, #3b1c8c 0%, transparent 60%), radial-gradient(700px 400px at -5% 110%, #1e3a8a 0%, transparent 55%), #0b0a1f; }
.wrap { padding: 72px 80px; display: flex; flex-direction: column; height: 100%; box-sizing: border-box; }
.brand { display: flex; align-items: center; gap: 14px; font-size: 30px; font-weight: 800; letter-spacing: -0.02em; }
.brand b { color: #c4b5fd; }
.logo { width: 52px; height: 52px; display: block; }
h1 { font-size: 68px; line-height: 1.05; letter-spacing: -0.035em; margin: 56px 0 24px; font-weight: 800; max-width: 980px; }
h1 span { background: linear-gradient(90deg, #a78bfa, #f0abfc 60%, #fcd34d); -webkit-background-clip: text; color: transparent; }
.row { display: flex; gap: 16px; margin-top: auto; }
.pill { padding: 12px 22px; border-radius: 999px; background: rgba(255,255,255,.1); border: 1px solid rgba(255,255,255,.2); font-size: 24px; font-weight: 600; }
</style></head><body><div class="wrap">
<div class="brand"><span class="logo">${logoSvg(52)}</span>NoCode<b>Workshop</b></div>
<h1>Build &amp; launch your first business app <span>without writing code</span></h1>
<div class="row"><div class="pill">5 hours live</div><div class="pill">Recordings for 30 days</div><div class="pill">7-day full refund</div></div>
</div></body></html>`;

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: out });
await page.setViewportSize({ width: 512, height: 512 });
await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${logoSvg(512)}</body></html>`);
await page.screenshot({ path: logoOut, omitBackground: true });
await browser.close();
console.log(`wrote ${out} and ${logoOut}`);
