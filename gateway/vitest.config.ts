import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../vitest.shared';

// A worker runs its files one after another on one module cache (decision 0237): each file builds
// its own stacks, stores and clocks, and a fresh process per file imported Apollo, mongoose and
// fastify again for each of the 35.
export default mergeConfig(shared, defineConfig({ test: { isolate: false } }));
