import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own all-in-one server (its own data) and connects to the run's
// one Chromium. One file at a time unless RUEDAS_E2E_WORKERS says more (2 runs two files at once:
// not yet the default, decision 0221).
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
    hookTimeout: 120_000,
    // expect.poll waits up to 15 s (not 1 s): a page re-renders slowly on a loaded CI machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
