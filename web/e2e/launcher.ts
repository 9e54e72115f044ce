import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Global setup of the browser tests: compiles infra's launcher from the current source (infra's
 * `build`, esbuild, a second or two) once, so that every test file's server starts from the compiled
 * module (`harness.ts` `launcher`) instead of transforming some 330 TypeScript files through tsx at
 * each of its 40-odd starts (about a second each), and never from a stale build.
 */
export default function buildLauncher(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: fileURLToPath(new URL('../../infra/', import.meta.url)), stdio: 'inherit' });
}
