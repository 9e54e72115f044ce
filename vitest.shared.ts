import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * The vitest settings every workspace shares (each package's vitest.config.ts merges them).
 * graphql ships CommonJS and ESM builds; Node loads the CommonJS one for the Apollo packages while
 * Vite would pick the ESM one for our code, and graphql refuses to mix the two ("another module or
 * realm"). Resolving `graphql` to the CommonJS entry keeps one copy, as in production.
 */
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: { testTimeout: 20_000, hookTimeout: 60_000 },
});
