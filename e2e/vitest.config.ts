import { defineConfig } from 'vitest/config';
import { JOURNEY_WORKERS } from './support/journey-workers';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Journey files run two at a time, each worker against its own server (support/app-server.ts).
    maxWorkers: JOURNEY_WORKERS,
    // Last, alone: browsers and servers, after the unit suites have freed the cores.
    sequence: { groupOrder: 2 },
  },
});
