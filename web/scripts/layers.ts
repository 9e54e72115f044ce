/**
 * The folder graph of `src/` (decision 0190): every relative import between two folders, counted as
 * distinct folder pairs and as import statements, the pairs of folders that import each other, and the
 * imports that go up the layer map of `layers.config.js`.
 * `node --import tsx scripts/layers.ts [--top] [--list] [--edges] [folder]` (another tree's `src/` as `folder`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderOf as folderOfFile, layerOf } from '../layers.config.js';

// `--top`: each first-level folder as one (`pages/account` counts as `pages`).
const folderOf = (file: string) => (process.argv.includes('--top') ? folderOfFile(file).split('/')[0]! : folderOfFile(file));

const src = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? fileURLToPath(new URL('../src', import.meta.url));
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [join(folder, entry.name)] : [],
  );

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => base + ending).find((path) => existsSync(path) && statSync(path).isFile());
}

const edges = new Map<string, number>();
for (const file of sources(src)) {
  const from = folderOf(relative(src, file));
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const target = resolveModule(file, specifier);
    if (!target || !target.startsWith(src)) continue;
    const to = folderOf(relative(src, target));
    if (to === from) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}
const pairs = [...edges.keys()].map((key) => key.split(' -> ') as [string, string]);
const mutual = pairs.filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`));
const upward = pairs.filter(([a, b]) => layerOf(b) < layerOf(a));
const sameLayer = pairs.filter(([a, b]) => layerOf(b) === layerOf(a));
const folders = new Set(sources(src).map((file) => folderOf(relative(src, file))));
console.log(`folders ${folders.size}, folder-to-folder pairs ${pairs.length}, import statements ${[...edges.values()].reduce((a, b) => a + b, 0)}`);
console.log(
  `mutual pairs ${mutual.length}, upward pairs ${upward.length} (${upward.reduce((n, [a, b]) => n + edges.get(`${a} -> ${b}`)!, 0)} imports), same-layer pairs ${sameLayer.length}`,
);
if (process.argv.includes('--edges')) for (const [k, n] of [...edges].sort()) console.log(`${k} x${n}`);
if (process.argv.includes('--list')) {
  for (const [a, b] of mutual) console.log(`mutual: ${a} <-> ${b} (${edges.get(`${a} -> ${b}`)} / ${edges.get(`${b} -> ${a}`)})`);
  for (const [a, b] of upward) console.log(`upward: ${a} (${layerOf(a)}) -> ${b} (${layerOf(b)}) x${edges.get(`${a} -> ${b}`)}`);
}

/** Folder cycles of any length (strongly connected folders), found by Tarjan's algorithm. */
function folderCycles(): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of pairs) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do component.push((member = stack.pop()!));
      while (member !== node);
      if (component.length > 1) cycles.push(component);
    }
  };
  for (const folder of folders) if (!index.has(folder)) visit(folder);
  return cycles;
}
const cycles = folderCycles();
console.log(`folder cycles ${cycles.length}${cycles.map((cycle) => `\n  ${cycle.join(' ')}`).join('')}`);
if (process.argv.includes('--list')) for (const [a, b] of sameLayer) console.log(`same layer: ${a} -> ${b} x${edges.get(`${a} -> ${b}`)}`);
