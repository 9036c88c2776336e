/**
 * Builds the three bundles Electron loads: the renderer (vite.config.ts), and the main and
 * preload scripts as CommonJS with every dependency inlined (a sandboxed preload can only
 * require 'electron'; the packaged app then needs no node_modules).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

async function buildNode(entry: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: path.join(root, entry),
      outDir: path.join(dist, outDir),
      emptyOutDir: true,
      target: 'node22',
      minify: false,
      sourcemap: false,
      rollupOptions: { external: ['electron'], output: { format: 'cjs', entryFileNames: 'index.cjs' } },
    },
  });
}

export async function buildDesktop(): Promise<void> {
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  await buildNode('src/main/index.main.ts', 'main');
  await buildNode('src/preload/index.preload.ts', 'preload');
  await fs.copyFile(path.join(root, 'build/icon.png'), path.join(dist, 'icon.png'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  await buildDesktop();
  console.log(`admin-desktop built in ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), dist)}`);
}
