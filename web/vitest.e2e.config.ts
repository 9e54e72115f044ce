import { defineConfig } from 'vitest/config';

// Browser tests: one worker, since each file starts the whole all-in-one server and a Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
