import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../../vitest.shared';

// The port's contract suite (@ruedas/testing); runs against real infrastructure start containers.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 30_000, hookTimeout: 180_000 } }));
