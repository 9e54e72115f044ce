import { defineConfig } from 'vitest/config';

// Browser tests: one worker, since each file starts the whole all-in-one server and a Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    // Compiles infra's launcher once, from the current source (e2e/launcher.ts).
    globalSetup: ['e2e/launcher.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 15 s (not 1 s): a page re-renders slowly on a loaded CI machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
