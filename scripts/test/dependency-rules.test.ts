import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const run = promisify(execFile);

/** Runs the project's own rules over a tree of files, and answers which rules they break. */
async function violations(cwd: string, dirs: string[]): Promise<{ rule: string; from: string; to: string }[]> {
  const { stdout } = await run(depcruise, [...dirs, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((err) => err);
  const result = JSON.parse(stdout);
  return result.summary.violations.map((v: { rule: { name: string }; from: string; to: string }) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

const scratch = mkdtempSync(path.join(tmpdir(), 'deps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(scratch, 'tree-'));
  copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(path.join(dir, 'tsconfig.check.json'), JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' }, include: ['server'] }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the import rules (npm run check:deps)', () => {
  it('hold on the project as it is', async () => {
    expect(await violations(root, ['server/src', 'packages/shared/src', 'packages/api-client/src', 'packages/admin-ui/src', 'site/src', 'admin-desktop/src'])).toEqual([]);
  }, 60_000);

  it('refuse a lower server domain importing a higher one, a new circle, and a folder in no layer', async () => {
    const dir = tree({
      'server/src/payments/refunds.ts': 'export const refund = 1;\n',
      // workshops is below payments: it must expose a hook, never import it.
      'server/src/workshops/cancel.ts': "import { refund } from '../payments/refunds';\nexport const cancel = refund;\n",
      'server/src/db/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'server/src/db/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'server/src/invoicing/invoice.ts': "import { a } from '../db/a';\nexport const invoice = a;\n",
    });
    const found = await violations(dir, ['server/src']);
    expect(found).toContainEqual({ rule: 'server-layer-6-imports-upward', from: 'server/src/workshops/cancel.ts', to: 'server/src/payments/refunds.ts' });
    expect(found.filter((v) => v.rule === 'no-circular').map((v) => [v.from, v.to])).toEqual([['server/src/db/a.ts', 'server/src/db/b.ts']]);
    expect(found).toContainEqual(expect.objectContaining({ rule: 'server-file-in-no-layer', from: 'server/src/invoicing/invoice.ts' }));
    // The other way is how it should be: a higher domain importing a lower one is fine.
    expect(found.filter((v) => v.from === 'server/src/payments/refunds.ts')).toEqual([]);
  }, 60_000);
});
