import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Our own packages only declare schemas, constants and functions: importing one formatter
// must not pull every zod schema (and zod) into the first bundle of the public site.
const SIDE_EFFECT_FREE = [/[\\/]packages[\\/](shared|api-client)[\\/]/, /[\\/]node_modules[\\/]zod[\\/]/];

// react-router's package exports only its development build to bundlers; the production
// build drops the dev-time warnings and saves several KB on every page.
const here = path.dirname(fileURLToPath(import.meta.url));
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(routerDir, 'dist/production/dom-export.mjs') },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
  // The prerender build (src/entry-server.tsx) bundles the router so the alias above holds for it
  // too: one copy, whose context the app's hooks read.
  ssr: { noExternal: ['react-router', 'react-router-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !!process.env.MEASURE_MAP,
    manifest: true,
    // Every browser the site supports knows modulepreload: no polyfill in the first bundle.
    modulePreload: { polyfill: false },
    // One stylesheet for everything: prerendered pages inline it (scripts/prerender.ts), so no
    // lazily loaded chunk has a stylesheet of its own to fetch again.
    cssCodeSplit: false,
    rolldownOptions: {
      // The public site (pages prerendered from index.html by scripts/prerender.ts) and the admin.
      input: isSsrBuild ? undefined : { index: path.join(here, 'index.html'), admin: path.join(here, 'admin.html') },
      treeshake: {
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.some((re) => re.test(id)),
      },
    },
  },
}));
