import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file owns one database; two cores run two files at a time.
    maxWorkers: 2,
    // Projects with their own worker count must run as their own group in `vitest run` (all projects).
    sequence: { groupOrder: 1 },
  },
});
