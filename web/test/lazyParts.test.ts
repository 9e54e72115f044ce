/**
 * Decision 0136: a part loaded on demand comes with Apollo Client unless it says `apollo: false`
 * (`src/parts/lazyPart.ts`). Such a part must use no Apollo hook of its own, or it would fail
 * without an `ApolloProvider` above it: follows the static imports of each one and fails on any
 * module importing `@apollo/client/react` (the parts may use the data hooks of `src/data`, which
 * work without Apollo Client).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));
const STATIC_IMPORT = /^import\s+(?!type\b)[\s\S]*?\s+from\s+'([^']+)';/gm;
const PART_WITHOUT_APOLLO = /lazyPart\(\s*\(\) => import\('([^']+)'\)[^\n]*\{ apollo: false \}\)/g;

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((path) => /\.tsx?$/.test(path) && existsSync(path));
}

/** The modules `root` imports statically (itself included) that import Apollo Client's React hooks, and how many it reaches. */
function apolloHookImporters(root: string): { reached: number; importers: string[] } {
  const seen = new Set<string>();
  const importers: string[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier === '@apollo/client/react') importers.push(file.slice(src.length + 1));
      else if (specifier!.startsWith('.')) {
        const next = resolveModule(file, specifier!);
        if (next) queue.push(next);
      }
    }
  }
  return { reached: seen.size, importers };
}

describe("parts loaded without Apollo Client's provider", () => {
  const parts = sources(src).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(PART_WITHOUT_APOLLO)].map(([, specifier]) => resolveModule(file, specifier!)!),
  );

  it('are found: the lightbox, the filters drawer, the search panel, the admin menu and the session notice', () => {
    expect(parts.map((file) => file.slice(src.length + 1)).sort()).toEqual([
      'admin/AdminMenu.tsx',
      'layout/SessionExpiredNotice.tsx',
      'photos/PhotoLightbox.tsx',
      'search/AdvancedSearch.tsx',
      'search/FiltersDrawer.tsx',
    ]);
  });

  it('use no Apollo hook of their own, however deep', () => {
    for (const part of parts) {
      const { reached, importers } = apolloHookImporters(part);
      expect(reached, part).toBeGreaterThan(1);
      expect(importers, part).toEqual([]);
    }
    // The check finds one where there is one: the owner's ad tools do use Apollo's hooks.
    expect(apolloHookImporters(join(src, 'catalogue/AdManagementTools.tsx')).importers.length).toBeGreaterThan(0);
  });
});
