/**
 * `npm run build -w @workshop/server`: compiles the production server to plain JavaScript that
 * `node` runs without tsx (server/dist). Our own code (server/src, the workspace packages, which
 * are TypeScript sources imported by package name, and migrations/) is bundled; every npm
 * dependency stays an import resolved from node_modules at run time, as under tsx.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(root, 'server', 'dist');

/** server/dist/<name>.js ← entry: what package.json's *:prod scripts run. */
export const SERVER_ENTRIES = {
  main: 'server/src/cli/start.main.ts',
  migrate: 'server/src/cli/migrate.main.ts',
  'create-admin': 'server/src/cli/create-admin.main.ts',
} as const;

/** Bare imports are npm packages (external) except our workspaces (@workshop/*), which are sources. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@workshop/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer(outdir = SERVER_DIST): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  await buildServer();
  console.log(`server built in ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), SERVER_DIST)}`);
}
