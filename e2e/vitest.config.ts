import { defineConfig } from 'vitest/config';
import { JOURNEY_WORKERS } from './support/journey-workers.js';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    // Each journey file holds one of the servers for its whole run (support/app-server.ts).
    setupFiles: ['support/claim-server.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // JOURNEY_WORKERS journey files at a time (E2E_WORKERS, two by default), each against its own server.
    maxWorkers: JOURNEY_WORKERS,
    // Last, alone: browsers and servers, after the unit suites have freed the cores.
    sequence: { groupOrder: 2 },
  },
});
