import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../../vitest.shared';

/** The risk bench (issue 20) runs in vitest, alone: `npm run bench:risk`. */
export default mergeConfig(shared, defineConfig({ test: { include: ['bench/risk.detect.ts'], root: '.' } }));
