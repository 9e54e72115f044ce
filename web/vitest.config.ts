import { defineConfig } from 'vitest/config';

// Unit tests only: pure logic, no DOM. The browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
