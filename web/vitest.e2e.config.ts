import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own all-in-one server (its own data folder, ports from its
// worker's range) and connects to the run's one Chromium in contexts of its own. One file at a time by
// default: two at once (RUEDAS_E2E_WORKERS=2, decision 0237) took the suite from ~20 to 17.6 minutes, but
// in the stop's CI one admin page then waited out its 30 s (it passes alone in 4 s): not yet reliable.
const workers = Number(process.env.RUEDAS_E2E_WORKERS ?? 1);
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
