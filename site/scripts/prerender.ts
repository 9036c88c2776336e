/**
 * The last step of the site's build: every public page's HTML, rendered by React at build time
 * (src/entry-server.tsx, built by `vite build --ssr` into dist-ssr/), written to
 * dist/pages/<name>.html from the client build's dist/index.html. Each page gets its content
 * (headings, copy, FAQ...) inside #root, its stylesheets inlined (the first paint needs only the
 * page), and a script that fetches its code (main.tsx and what it preloads before hydrating)
 * once the page is painted. Live data (workshops, seats, prices, the refund fee) is a placeholder
 * here: the server adds it to each answer (server/src/site/static-site.ts).
 *
 * The hashed assets also get brotli and gzip copies (the server picks one by Accept-Encoding).
 *
 * Personal pages (the thank-you page, booking links) are not prerendered: what they show depends
 * on the visitor's booking, so the browser draws them (dist/index.html, an empty #root).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(site, 'dist');
const ssrDir = path.join(site, 'dist-ssr');

/** [path, output name, screen module it shows (src/app.tsx), or none for the home page]. */
export const PRERENDERED: [string, string, string | null][] = [
  ['/', 'index', null],
  ['/about', 'about', 'src/pages/about.screen.tsx'],
  ['/pricing', 'pricing', 'src/pages/pricing.screen.tsx'],
  ['/contact', 'contact', 'src/pages/contact.screen.tsx'],
  ['/terms', 'terms', 'src/pages/terms.screen.tsx'],
  ['/privacy', 'privacy', 'src/pages/privacy.screen.tsx'],
  ['/refund-policy', 'refund-policy', 'src/pages/refund-policy.screen.tsx'],
  ['/learn', 'learn', 'src/pages/learn.screen.tsx'],
  ['/why-no-code', 'why-no-code', 'src/pages/why-no-code.screen.tsx'],
  ['/who-should-attend', 'who-should-attend', 'src/pages/who-should-attend.screen.tsx'],
  ['/platform', 'platform', 'src/pages/platform.screen.tsx'],
  // Any unknown address: the server answers it with status 404.
  ['/404', '404', 'src/pages/not-found.screen.tsx'],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The page's code, fetched once the page has loaded and its content has been painted: the first
 * paint needs only the HTML (and the inlined styles), so no script competes with it. "Painted" is
 * the browser's own report (a largest-contentful-paint entry after the load event, which Chromium
 * and Firefox give); a browser without it, or a page already painted in full before loading ended,
 * waits 300 ms instead.
 * Interaction before the code is running is held and replayed (index.html, src/lib/early-events.ts).
 */
function bootScript(entry: string, code: string[]): string {
  // One element per task: each request costs the page's main thread a few milliseconds, and
  // together they were one task four times longer than any of them.
  const load = `var q=${JSON.stringify(code)};function next(){var h=q.shift(),e;if(h){e=d.createElement('link');e.rel='modulepreload';e.href=h}else{e=d.createElement('script');e.type='module';e.src=${JSON.stringify(`/${entry}`)}}e.crossOrigin='';d.head.appendChild(e);h&&setTimeout(next,0)}next()`;
  const js = `(function(){var d=document,done=0,o;function go(){if(done)return;done=1;if(o)o.disconnect();setTimeout(function(){${load}},0)}function loaded(){var t=performance.now();setTimeout(go,300);try{o=new PerformanceObserver(function(l){l.getEntries().some(function(e){return e.startTime>=t})&&go()});o.observe({type:'largest-contentful-paint',buffered:true})}catch(e){}}d.readyState==='complete'?loaded():addEventListener('load',loaded)})()`;
  return `<script>${js}</script>`;
}

/**
 * The page is painted once it is parsed to its end, never half of it: a browser short of time
 * paints what it has parsed so far, and every part whose place depends on what follows it (a row
 * centred on text not parsed yet, a box kept to the bottom of a section still growing) then moves,
 * a layout shift of the page's own making (Core Web Vitals' CLS). `html.parsing` hides the page
 * (base.css) from the head until the end of the body; a page is a few dozen KB, parsed in
 * milliseconds. Without JavaScript nothing is hidden. (`<link rel="expect" blocking="render">`
 * says this in markup, but the HTML checker does not accept it yet.)
 */
const PARSING_START = `<script>document.documentElement.classList.add('parsing')</script>`;
const PARSING_END = `<script>document.documentElement.classList.remove('parsing')</script>`;

/**
 * The home page's start-time writer (src/home/live-times.inline.ts) as one classic script, built
 * from the same code EventTime formats with: it runs before the first paint, so the placeholders
 * wrap where the live data will (the visitor's zone is known only in the browser).
 */
async function liveTimesScript(): Promise<string> {
  const result = await build({
    configFile: false,
    root: site,
    logLevel: 'warn',
    build: { write: false, emptyOutDir: false, minify: true, lib: { entry: path.join(site, 'src/home/live-times.inline.ts'), formats: ['iife'], name: 'liveTimes' } },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  const code = output.output[0].code.trim();
  if (code.includes('</script') || /\bzod\b/.test(code)) throw new Error('prerender: the live-times script pulled in more than its formatting code');
  return `<script>${code}</script>`;
}

function modulepreloads(manifest: Record<string, ManifestChunk>, modules: string[]): string[] {
  const entry = manifest['index.html'];
  const skip = new Set([entry.file, ...(entry.imports ?? []).map((k) => manifest[k].file)]);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the client build's manifest (renamed? update scripts/prerender.ts)`);
    if (!skip.has(chunk.file)) files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const m of modules) visit(m);
  return [...files].map((f) => `/${f}`);
}

/**
 * Brotli and gzip copies of the hashed scripts, styles and images (x.js.br, x.js.gz), made once
 * here so the server sends them compressed at no cost per request.
 */
function precompressAssets(): number {
  const assets = path.join(dist, 'assets');
  let n = 0;
  for (const f of readdirSync(assets)) {
    if (!/\.(js|css|svg|json|map)$/.test(f)) continue;
    const file = path.join(assets, f);
    const raw = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    n++;
  }
  return n;
}

async function main() {
  const started = Date.now();
  process.env.NODE_ENV = 'production';
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: dist/index.html has no empty <div id="root"></div>');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const serverEntry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(serverEntry)) throw new Error('prerender: dist-ssr/entry-server.js is missing: run `vite build --ssr src/entry-server.tsx --outDir dist-ssr` first');
  const { renderPage } = (await import(pathToFileURL(serverEntry).href)) as { renderPage: (url: string) => Promise<string> };

  // The entry script and its modulepreloads leave the head: bootScript() fetches them once painted.
  const entry = manifest['index.html'].file;
  const entryCode = (manifest['index.html'].imports ?? []).map((k) => `/${manifest[k].file}`);
  const bare = template
    .replace(/\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, '');
  if (bare.includes('type="module"') || bare.includes('modulepreload')) throw new Error('prerender: the entry script was not where expected in dist/index.html');
  // The stylesheets go into each page: its first paint needs nothing but the page itself.
  const inlined = bare.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_m, file: string) => `<style>${readFileSync(path.join(dist, file), 'utf8').trim()}</style>`);
  const out = path.join(dist, 'pages');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  const liveTimes = await liveTimesScript();
  for (const [url, name, screen] of PRERENDERED) {
    const body = await renderPage(url);
    // A part React could not finish, or moved out of place for a script to put back: not readable without JavaScript.
    if (body.includes('<!--$?-->') || body.includes('<!--$!-->') || body.includes('$RC(')) throw new Error(`prerender: ${url} has an unfinished or outlined part`);
    const code = [...entryCode, ...modulepreloads(manifest, screen ? [screen] : [])];
    const html = inlined
      .replace('</head>', () => `  ${PARSING_START}\n  ${bootScript(entry, code)}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${screen ? '' : liveTimes}${PARSING_END}`);
    writeFileSync(path.join(out, `${name}.html`), html);
    bytes += html.length;
  }
  rmSync(ssrDir, { recursive: true, force: true });
  const compressed = precompressAssets();
  console.log(`prerendered ${PRERENDERED.length} pages (${Math.round(bytes / 1024)} KB) into dist/pages, compressed ${compressed} assets, in ${Date.now() - started} ms`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
