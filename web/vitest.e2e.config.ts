import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own all-in-one server (its own data folder, ports from its
// worker's range) and connects to the run's one Chromium in contexts of its own. Two files at once by
// default (decision 0250: the admin page that once waited out 30 s so was a race in the app, now fixed);
// RUEDAS_E2E_WORKERS=1 for one at a time.
const workers = Number(process.env.RUEDAS_E2E_WORKERS ?? 2);
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    // Compiles infra's launcher once, from the current source (e2e/launcher.ts).
    // Starts the one Chromium every file connects to (e2e/chromium.ts).
    globalSetup: ['e2e/launcher.ts', 'e2e/chromium.ts'],
    environment: 'node',
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 120_000,
    // A file's server start (beforeAll) waits up to 220 s for /ready (harness.ts READY_TIMEOUT_MS).
    hookTimeout: 240_000,
    // expect.poll waits up to 15 s (not 1 s): a page re-renders slowly on a loaded CI machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
