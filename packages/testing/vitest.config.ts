import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Real-infrastructure suites (testcontainers) start containers: keep files in parallel but bounded.
    maxWorkers: 2,
  },
});
