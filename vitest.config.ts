import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./server/test/support/global-setup.ts'],
    include: [
      'packages/*/test/**/*.test.ts',
      'packages/*/test/**/*.test.tsx',
      'server/test/**/*.test.ts',
      'site/test/**/*.test.ts',
      'admin-desktop/test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // Browser tests drive antd screens in Chromium on a 2-core machine shared with the server under test.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's 1 s default is shorter than a loaded CI machine takes to render a page's live data.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    maxWorkers: 2,
  },
});
