/**
 * Decision 0133: the modules of a public page's first load render the app's own small components
 * (src/ui/), not Mantine's, so that no Mantine component (nor its Box and styles code) is in that
 * first load; only the theme and its provider (src/styles/theme.ts, src/styles/ThemeProvider.tsx) use
 * Mantine there. Follows the static imports of every public page's module and of the layout (not
 * `import()`: parts loaded later may use Mantine).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MODULE, PUBLIC_ROUTES } from '../src/app/publicRoutes';

const web = fileURLToPath(new URL('..', import.meta.url));
const THEME = /src\/styles\/(theme\.ts|ThemeProvider\.tsx)$/;
const STATIC_IMPORT = /^import\s+(?!type\b)([\s\S]*?)\s+from\s+'([^']+)';/gm;

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((path) => /\.tsx?$/.test(path) && existsSync(path));
}

/** Each module reached by static imports from `roots`, with the Mantine components it imports. */
function mantineImports(roots: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file)) continue;
    const source = readFileSync(file, 'utf8');
    const names: string[] = [];
    for (const [, bindings, specifier] of source.matchAll(STATIC_IMPORT)) {
      if (specifier === '@mantine/core')
        names.push(
          ...bindings!
            .replace(/[{}]/g, '')
            .split(',')
            .map((name) => name.trim().replace(/^type\s+.*/, '')),
        );
      else if (specifier!.startsWith('.')) {
        const next = resolveModule(file, specifier!);
        if (next) queue.push(next);
      }
    }
    found.set(file, names.filter(Boolean));
  }
  return found;
}

describe('public pages first load', () => {
  const roots = [...new Set([...PUBLIC_ROUTES.map((route) => route.module), NOT_FOUND_MODULE, 'src/layout/Layout.tsx', 'src/app/routes.tsx'])].map((module) =>
    join(web, module),
  );
  const modules = mantineImports(roots);

  it('follows the pages and the layout into their components', () => {
    expect(modules.size).toBeGreaterThan(40);
    expect([...modules.keys()].some((file) => file.endsWith('src/catalogue/AdCard.tsx'))).toBe(true);
    expect([...modules.keys()].some((file) => file.endsWith('src/search/SimpleSearch.tsx'))).toBe(true);
  });

  it("renders the app's own components, none of Mantine's", () => {
    const offenders = [...modules].filter(([file]) => !THEME.test(file)).flatMap(([file, names]) => names.map((name) => `${file.slice(web.length)}: ${name}`));
    expect(offenders).toEqual([]);
  });
});
