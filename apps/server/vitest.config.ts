import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/deprecations-fail.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file owns one database; two cores run two files at a time.
    maxWorkers: 2,
    // A worker keeps the app's modules between files instead of importing them anew for each
    // (half the suite's time): every file builds its own app on its own database (test/test-app.ts),
    // and what modules keep (the PDF fonts, the fast-hash switch each app sets) is alike for all.
    isolate: false,
    // Projects with their own worker count must run as their own group in `vitest run` (all projects).
    sequence: { groupOrder: 1 },
  },
});
