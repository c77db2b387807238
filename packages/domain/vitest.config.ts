import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The same worker count as the web project, which runs in the same group of `vitest run`.
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
});
