import { defineConfig } from 'vitest/config';
import { textsParts } from './scripts/textsPlugin';

// Unit tests only, no browser. The browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    // Each project has the build's plugin that makes the texts' parts (src/i18n/*.texts) i18n/resources.ts imports.
    projects: [
      // Pure logic, no DOM.
      { plugins: [textsParts()], test: { name: 'unit', include: ['test/**/*.test.ts'], environment: 'node' } },
      // Components rendered in jsdom with Testing Library.
      {
        plugins: [textsParts()],
        test: {
          name: 'components',
          include: ['test/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/components/setup.ts'],
          // Rendering in jsdom is CPU-bound: on a 2-core CI running every package at once a test
          // that takes 1 s alone can take 10 s. Speed is measured in benchmarks, not here.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
