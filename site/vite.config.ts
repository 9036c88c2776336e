import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Our own packages only declare schemas, constants and functions: importing one formatter
// must not pull every zod schema (and zod) into the first bundle of the public site.
const SIDE_EFFECT_FREE = [/[\\/]packages[\\/](shared|api-client)[\\/]/, /[\\/]node_modules[\\/]zod[\\/]/];

// react-router's package exports only its development build to bundlers; the production
// build drops the dev-time warnings and saves several KB on every page.
const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(routerDir, 'dist/production/dom-export.mjs') },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !!process.env.MEASURE_MAP,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.some((re) => re.test(id)),
      },
    },
  },
});
