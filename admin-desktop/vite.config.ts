import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The renderer bundle; the main and preload bundles are built by scripts/build.ts. */
export default defineConfig({
  root: path.join(here, 'src/renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: path.join(here, 'dist/renderer'),
    emptyOutDir: true,
    // Electron 45's Chromium: no transpiling for older browsers.
    target: 'chrome140',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
});
