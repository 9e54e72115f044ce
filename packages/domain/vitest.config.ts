import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared';

// One module cache per worker, not a process per file (decision 0237): 13.4 CPU-s isolated, 3.1 so.
export default mergeConfig(shared, defineConfig({ test: { isolate: false } }));
