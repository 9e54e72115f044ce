import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared';

// One module cache per worker, not a process per file (decision 0237): 15.5 CPU-s isolated, 4.4 so.
export default mergeConfig(shared, defineConfig({ test: { isolate: false } }));
