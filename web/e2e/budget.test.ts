/**
 * The JavaScript budget of the public pages (issue 12): each public route's first load (the entry,
 * the page's chunk, the texts of its language and everything they import statically) within its
 * budget (routeBudgetKb) gzipped, and no admin, wizard, dashboard or account screen in it, nor the
 * parts loaded on demand (header menus, drawer, lightbox, report form, zod on any public page). Reads
 * the build (npm run build -w @ruedas/web).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoads, readManifest, routeBudgetKb } from '../scripts/firstLoad';

const dist = process.env.RUEDAS_E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

describe('first load of the public pages', () => {
  it('is built', () => {
    expect(existsSync(`${dist}/.vite/manifest.json`), `no build in ${dist}: run npm run build -w @ruedas/web`).toBe(true);
  });

  it('stays within its budget of gzipped JavaScript on every public route', () => {
    const loads = firstLoads(dist);
    expect(loads.length).toBeGreaterThan(5);
    for (const route of loads) expect(route.jsGzipKb, `${route.path}: ${route.files.join(', ')}`).toBeLessThanOrEqual(routeBudgetKb(route.path));
  });

  it('loads no admin, publishing, dashboard or account screen on a public route', () => {
    const manifest = readManifest(dist);
    const privateScreens = Object.entries(manifest)
      .filter(
        ([key]) =>
          /^src\/pages\/(admin|publish|account)\//.test(key) ||
          /src\/pages\/catalogue\/(MyOpportunities|MyWishList|UserActiveOpportunities|StatusHistory)Page/.test(key),
      )
      .map(([, chunk]) => chunk.file);
    expect(privateScreens.length).toBeGreaterThan(10);
    for (const route of firstLoads(dist)) {
      const loaded = privateScreens.filter((file) => route.files.includes(file));
      expect(loaded, route.path).toEqual([]);
    }
  });

  it('leaves what waits for a click or a signed-in user out of the first load', () => {
    const manifest = readManifest(dist);
    const onDemand = (pattern: RegExp) =>
      Object.entries(manifest)
        .filter(([key]) => pattern.test(key))
        .map(([, chunk]) => chunk.file);
    const lazyParts = onDemand(
      /^src\/(layout\/(ProfileMenu|HeaderDrawer|SessionExpiredNotice)|admin\/AdminMenu|photos\/PhotoLightbox|catalogue\/(ReportAdDialog|AdManagementTools)|search\/AdvancedSearch)\.tsx$/,
    );
    expect(lazyParts.length).toBe(8);
    const zod = Object.values(manifest)
      .filter((chunk) => /(^|\/)zod-/.test(chunk.file))
      .map((chunk) => chunk.file);
    expect(zod).toHaveLength(1);
    for (const route of firstLoads(dist)) {
      const loaded = lazyParts.filter((file) => route.files.includes(file));
      // The results page shows the advanced search in its side panel: it is that page's own.
      expect(
        loaded.filter((file) => !(route.path === '/searchingOpportunities' && file.includes('AdvancedSearch'))),
        route.path,
      ).toEqual([]);
      // The results page reads its address with the domain's plain filter rules (decision 0113).
      expect(route.files, `${route.path} loads zod`).not.toContain(zod[0]);
      // Mantine's Table, ScrollArea and Popover bring Floating UI: no public page shows them (decision 0114).
      expect(
        route.files.filter((file) => /(^|\/)floating-ui/.test(file)),
        `${route.path} loads Floating UI`,
      ).toEqual([]);
      // A public page is hydrated from the server's answers; Apollo Client comes when the page needs it (decision 0136).
      expect(
        route.files.filter((file) => /(^|\/)apollo(Hooks)?-/.test(file)),
        `${route.path} loads Apollo Client`,
      ).toEqual([]);
    }
  });
});
