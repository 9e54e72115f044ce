import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../vitest.shared';

// These tests start whole processes; a loaded 2-core machine needs the time.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } }));
