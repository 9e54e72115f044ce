/**
 * Decisions 0190 and 0191: lint keeps `src/` in its layers (`eslint/layers.js`, `layers.config.js`).
 * Each case lints a real module with one deliberate violation added (through the repository's own
 * lint configuration) and expects the rule to fail naming it; the modules as they are pass.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: join(web, '..') });

/** The `ruedas/*` messages for `path` (under `src/`) with `text` as its content, or its own with `added` appended. */
async function lint(path: string, added = '', text?: string): Promise<string[]> {
  const filePath = join(web, 'src', path);
  const [result] = await eslint.lintText((text ?? readFileSync(filePath, 'utf8')) + added, { filePath });
  return result!.messages.filter((message) => message.ruleId?.startsWith('ruedas/')).map((message) => `${message.ruleId}: ${message.message}`);
}

// The first lint loads the parser and the configuration: seconds on a loaded machine.
describe('the layers of web/src in lint', { timeout: 60_000 }, () => {
  it('pass the modules as they are', async () => {
    for (const path of ['catalogue/AdCard.tsx', 'pages/HomePage.tsx', 'ui/variant.ts', 'search/InterpretationLine.tsx', 'app/routes.tsx'])
      expect(await lint(path), path).toEqual([]);
  });

  it('refuse an import from a higher layer', async () => {
    // auth/ imports nothing of config/: the import is upward, and no cycle.
    expect(await lint('config/site.ts', "\nexport { getToken } from '../auth/token';\n")).toEqual([
      expect.stringMatching(
        /^ruedas\/layers: src\/config \(base\) may not import src\/auth \(shared\): imports go down the layers app → pages → features → shared → base/,
      ),
    ]);
    // Most upward imports close a folder cycle as well: both rules name it.
    expect(await lint('ui/variant.ts', "\nexport type { To } from '../router/history';\n")).toEqual([
      expect.stringMatching(/^ruedas\/layers: src\/ui \(base\) may not import src\/router \(shared\)/),
      expect.stringMatching(/^ruedas\/no-cycle: Folder cycle: src\/ui → src\/router → src\/ui/),
    ]);
    expect(await lint('data/send.ts', "\nexport { AdCard } from '../catalogue/AdCard';\n")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ruedas\/layers: src\/data \(shared\) may not import src\/catalogue \(features\)/)]),
    );
  });

  it('refuse two folders importing each other, and a cycle of modules', async () => {
    // catalogue/ imports search/ (its similar ads): search/ may not import catalogue/ back.
    expect(await lint('search/InterpretationLine.tsx', "\nexport { AdCard } from '../catalogue/AdCard';\n")).toEqual([
      expect.stringMatching(/^ruedas\/no-cycle: Folder cycle: src\/search → src\/catalogue → .*src\/search/),
    ]);
    // ui/Button.tsx imports ./variant.
    expect(await lint('ui/variant.ts', "\nexport { Button } from './Button';\n")).toEqual([
      expect.stringMatching(/^ruedas\/no-cycle: Import cycle: ui\/variant\.ts → ui\/Button\.tsx → ui\/variant\.ts/),
    ]);
  });

  it('refuse a folder no layer names', async () => {
    expect(await lint('widgets/Thing.ts', '', 'export const thing = 1;\n')).toEqual([
      expect.stringMatching(/^ruedas\/layers: The folder src\/widgets is in no layer/),
    ]);
  });

  it("refuse what a public page's first load must not import", async () => {
    const added = [
      "import { useQuery as apolloQuery } from '@apollo/client/react';",
      "import { Button as MantineButton } from '@mantine/core';",
      "import { z } from 'zod';",
      'export const misuse = [apolloQuery, MantineButton, z];',
    ].join('\n');
    const messages = await lint('catalogue/AdCard.tsx', `\n${added}\n`);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(
      /^ruedas\/public-page: catalogue\/AdCard\.tsx is in a public page's first load .* may not import @apollo\/client\/react: .*ApolloProvider/,
    );
    expect(messages[1]).toMatch(/may not import @mantine\/core: no Mantine component/);
    expect(messages[2]).toMatch(/may not import zod/);
    expect(await lint('pages/HomePage.tsx', "\nexport { default as Dashboard } from './admin/DashboardPage';\n")).toEqual([
      expect.stringMatching(/^ruedas\/public-page: pages\/HomePage\.tsx .*import the screen pages\/admin\/DashboardPage\.tsx with lazyPage/),
    ]);
    // A screen loaded on demand may use Apollo's hooks and Mantine.
    expect(await lint('pages/admin/DashboardPage.tsx', "\nexport { useQuery as apolloQuery } from '@apollo/client/react';\n")).toEqual([]);
  });
});
