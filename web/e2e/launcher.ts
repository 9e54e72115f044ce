import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * Global setup of the browser tests: compiles infra's launcher from the current source (infra's
 * `build`, esbuild, a second or two) once, so that every test file's server starts from the compiled
 * module (`harness.ts` `launcher`) instead of transforming some 330 TypeScript files through tsx at
 * each of its 40-odd starts (about a second each), and never from a stale build.
 * It also makes the run's folder of drawn demo photos (RUEDAS_DEMO_PHOTO_CACHE, decision 0252): the
 * 35 demo catalogues of a run draw the same cars, each photo now rendered once; removed at the end.
 */
export default async function buildLauncher(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: fileURLToPath(new URL('../../infra/', import.meta.url)), stdio: 'inherit' });
  const photos = await mkdtemp(join(tmpdir(), 'ruedas-e2e-photos-'));
  project.provide('demoPhotoCache', photos);
  return () => rm(photos, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of rendered demo photos (RUEDAS_DEMO_PHOTO_CACHE). */
    demoPhotoCache: string;
  }
}
