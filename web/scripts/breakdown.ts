/**
 * What a public route's first load is made of, per package or source folder (gzip of each part on its
 * own, so the parts add up to a little more than the whole). Needs a build with source maps:
 *
 *   npx vite build --sourcemap --outDir /tmp/ruedas-dist && node --import tsx scripts/breakdown.ts /tmp/ruedas-dist / 2
 *
 * Arguments: the build folder, the route (as in PUBLIC_ROUTES, e.g. /searchingOpportunities), and the
 * depth of the path kept per part (2: packages; 6: single files).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { firstLoads } from './firstLoad';

const [dist = 'dist', route = '/', depthArgument = '2'] = process.argv.slice(2);
const depth = Number(depthArgument);
const load = firstLoads(dist).find((candidate) => candidate.path === route);
if (!load) throw new Error(`${route} is not a public route`);

/** The part a source file belongs to: a package (node_modules) or a folder of the repository. */
function partOf(source: string): string {
  const inPackage = source.replace(/.*node_modules\//, 'nm:');
  if (inPackage.startsWith('nm:'))
    return inPackage
      .split('/')
      .slice(0, inPackage.startsWith('nm:@') ? depth + 1 : depth)
      .join('/');
  return source
    .replace(/^(\.\.\/)+/, '')
    .split('/')
    .slice(0, depth + 1)
    .join('/');
}

const code = new Map<string, string>();
const add = (part: string, text: string) => code.set(part, (code.get(part) ?? '') + text);
for (const file of load.files.filter((name) => name.endsWith('.js'))) {
  const text = readFileSync(join(dist, file), 'utf8');
  let raw: string;
  try {
    raw = readFileSync(join(dist, `${file}.map`), 'utf8');
  } catch {
    add(file, text);
    continue;
  }
  const lines = text.split('\n');
  const mappings: { line: number; column: number; source: string }[] = [];
  new SourceMapConsumer(JSON.parse(raw)).eachMapping((mapping) =>
    mappings.push({ line: mapping.generatedLine, column: mapping.generatedColumn, source: mapping.source ?? '?' }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const line = lines[mapping.line - 1] ?? '';
    add(partOf(mapping.source), next && next.line === mapping.line ? line.slice(mapping.column, next.column) : line.slice(mapping.column));
  });
}
const rows = [...code].map(([part, text]) => [part, gzipSync(text, { level: 9 }).length / 1024] as const).sort((a, b) => b[1] - a[1]);
for (const [part, kb] of rows) if (kb >= 0.3) console.log(kb.toFixed(1).padStart(6), part);
console.log(`parts ${rows.reduce((sum, [, kb]) => sum + kb, 0).toFixed(1)} KB; the first load ${load.jsGzipKb.toFixed(1)} KB`);
