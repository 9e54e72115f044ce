/**
 * The JavaScript budget of the public pages (issue 12): each public route's first load (the entry,
 * the page's chunk and everything they import statically) within FIRST_LOAD_BUDGET_KB gzipped, and
 * no admin, wizard, dashboard or account screen in it. Reads the build (npm run build -w @ruedas/web).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_KB, firstLoads, readManifest } from '../scripts/firstLoad';

const dist = process.env.RUEDAS_E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

describe('first load of the public pages', () => {
  it('is built', () => {
    expect(existsSync(`${dist}/.vite/manifest.json`), `no build in ${dist}: run npm run build -w @ruedas/web`).toBe(true);
  });

  it(`stays within ${FIRST_LOAD_BUDGET_KB} KB of gzipped JavaScript on every public route`, () => {
    const loads = firstLoads(dist);
    expect(loads.length).toBeGreaterThan(5);
    for (const route of loads) expect(route.jsGzipKb, `${route.path}: ${route.files.join(', ')}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });

  it('loads no admin, publishing, dashboard or account screen on a public route', () => {
    const manifest = readManifest(dist);
    const privateScreens = Object.entries(manifest)
      .filter(([key]) => /^src\/pages\/(admin|publish|account)\//.test(key) || /src\/pages\/catalogue\/(MyOpportunities|MyWishList|UserActiveOpportunities|StatusHistory)Page/.test(key))
      .map(([, chunk]) => chunk.file);
    expect(privateScreens.length).toBeGreaterThan(10);
    for (const route of firstLoads(dist)) {
      const loaded = privateScreens.filter((file) => route.files.includes(file));
      expect(loaded, route.path).toEqual([]);
    }
  });
});
