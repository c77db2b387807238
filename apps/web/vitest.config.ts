import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // Both cores (Vitest's default leaves one free): the jsdom suite is CPU-bound.
    maxWorkers: 2,
    // A worker keeps its jsdom and the imported screens between files instead of importing them
    // anew for each (120 → 63 s); the setup file empties what a file could leave behind (the
    // notifications, local and session storage), and every screen gets its own query cache.
    isolate: false,
  },
});
