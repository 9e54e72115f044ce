import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../../vitest.shared';

// The port's contract suite (@ruedas/testing); the run against a real Meilisearch may start a container.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 30_000, hookTimeout: 180_000 } }));
