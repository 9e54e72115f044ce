import { defineConfig } from 'vitest/config';

// Unit tests only, no browser. The browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    projects: [
      // Pure logic, no DOM.
      { test: { name: 'unit', include: ['test/**/*.test.ts'], environment: 'node' } },
      // Components rendered in jsdom with Testing Library.
      {
        test: {
          name: 'components',
          include: ['test/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/components/setup.ts'],
        },
      },
    ],
  },
});
