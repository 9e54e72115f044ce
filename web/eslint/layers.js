/**
 * Lint rules for the structure of `web/src` (decisions 0190, 0191), run with the repository's lint:
 * - `ruedas/layers`: no import from a folder of a higher layer (the layers of `web/layers.config.js`),
 *   and every folder named in a layer;
 * - `ruedas/no-cycle`: no folder cycle (two folders importing each other, or a longer ring), and no cycle
 *   of static imports between modules (what `import/no-cycle` finds; type imports and `import()` left out);
 * - `ruedas/public-page`: what a module of a public page's first load (decisions 0133, 0136) must not
 *   import: Apollo Client (no `ApolloProvider` above a public page in the browser), Mantine's components
 *   (the app's own in `src/ui/`), zod, and another screen's module.
 * The graph of `src/` is read from disk once per lint run (the file being linted from its own text).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS, folderOf, layerOf } from '../layers.config.js';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(WEB, 'src');
const ENDINGS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const MODULE = /\.(tsx?|css)$/;

/** The file a relative specifier names, if it is a module of `src/`. */
export function resolveModule(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return ENDINGS.map((ending) => base + ending).find((path) => MODULE.test(path) && existsSync(path) && statSync(path).isFile());
}

const srcPath = (file) => relative(SRC, file).split(sep).join('/');
const inSrc = (file) => !relative(SRC, file).startsWith('..');

const STATIC = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
const BARE = /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The value names of `{ a, b as c, type d }` as [local or exported name, name in the module]. */
const namedParts = (braces) =>
  braces
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [inModule, as] = part.split(/\s+as\s+/);
      return [as ?? inModule, inModule];
    });

/**
 * Every import of a module's text: its specifier; whether it is a static import of a value; for an
 * import, the names it takes from the module (`*` for all); for a re-export, its [exported, imported] names.
 */
export function importsOf(text) {
  const found = [];
  for (const [, keyword, typeKeyword, rawBindings, specifier] of text.matchAll(STATIC)) {
    const bindings = rawBindings.trim();
    const braces = bindings.match(/\{[\s\S]*\}/)?.[0];
    if (keyword === 'export') {
      const map = bindings.startsWith('*') ? [[bindings.match(/^\*\s+as\s+(\w+)/)?.[1] ?? '*', '*']] : namedParts(braces ?? '');
      found.push({ specifier, value: !typeKeyword && map.length > 0, dynamic: false, reexport: map });
      continue;
    }
    const names = braces ? namedParts(braces).map(([, inModule]) => inModule) : [];
    const head = bindings
      .replace(/\{[\s\S]*\}/, '')
      .replace(/,\s*$/, '')
      .trim();
    if (/^\*/.test(head)) names.push('*');
    else if (head) names.push('default');
    found.push({ specifier, value: !typeKeyword && names.length > 0, dynamic: false, names });
  }
  for (const [, specifier] of text.matchAll(BARE)) found.push({ specifier, value: true, dynamic: false, names: [] });
  for (const [, specifier] of text.matchAll(DYNAMIC)) found.push({ specifier, value: false, dynamic: true, names: ['*'] });
  return found;
}

let graph;
/** The modules of `src/` with their imports, read once. */
function srcGraph() {
  if (graph) return graph;
  const modules = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const imports = importsOf(readFileSync(path, 'utf8')).map((found) => ({ ...found, target: resolveModule(path, found.specifier) }));
        modules.set(path, imports);
      }
    }
  };
  walk(SRC);
  const folders = new Map();
  for (const [file, imports] of modules) {
    const from = folderOf(srcPath(file));
    for (const { target } of imports) {
      if (!target || !inSrc(target)) continue;
      const to = folderOf(srcPath(target));
      if (to === from) continue;
      if (!folders.has(from)) folders.set(from, new Set());
      folders.get(from).add(to);
    }
  }
  graph = { modules, folders };
  return graph;
}

/** A path of folders from `start` to `goal` in the folder graph, or undefined. */
function folderPath(folders, start, goal, skipEdge) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const path = [];
      for (let at = goal; at !== undefined; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of folders.get(folder) ?? []) {
      if (previous.has(next) || (skipEdge && folder === skipEdge[0] && next === skipEdge[1])) continue;
      previous.set(next, folder);
      queue.push(next);
    }
  }
  return undefined;
}

/** Whether `goal` is reached from `start` by static value imports. */
function staticPath(modules, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const path = [];
      for (let at = goal; at !== undefined; at = previous.get(at)) path.unshift(srcPath(at));
      return path;
    }
    for (const { target, value } of modules.get(file) ?? []) {
      if (!value || !target || !/\.tsx?$/.test(target) || previous.has(target)) continue;
      previous.set(target, file);
      queue.push(target);
    }
  }
  return undefined;
}

/** Each import of the linted module with its AST node: declarations, re-exports, `import()`. */
function eachImport(context, check) {
  const visit = (node, specifierNode, value, dynamic) => {
    if (specifierNode?.type !== 'Literal' || typeof specifierNode.value !== 'string') return;
    check(node, specifierNode.value, value, dynamic);
  };
  const declaration = (node) => {
    const typeOnly =
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((part) => part.importKind === 'type' || part.exportKind === 'type'));
    visit(node, node.source, !typeOnly, false);
  };
  return {
    ImportDeclaration: declaration,
    ExportNamedDeclaration: (node) => node.source && declaration(node),
    ExportAllDeclaration: declaration,
    ImportExpression: (node) => visit(node, node.source, false, true),
  };
}

const layerName = (index) => (index < 0 ? 'no layer' : LAYERS[index].name);
const ORDER = LAYERS.map((layer) => layer.name).join(' → ');

const layers = {
  meta: { type: 'problem', docs: { description: 'web/src: no import from a higher layer (web/layers.config.js)' }, schema: [] },
  create(context) {
    const file = context.filename;
    if (!inSrc(file)) return {};
    const from = folderOf(srcPath(file));
    const fromLayer = layerOf(from);
    if (fromLayer < 0) {
      return { Program: (node) => context.report({ node, message: `The folder src/${from} is in no layer: name it in web/layers.config.js (${ORDER}).` }) };
    }
    return eachImport(context, (node, specifier) => {
      const target = resolveModule(file, specifier);
      if (!target || !inSrc(target)) return;
      const to = folderOf(srcPath(target));
      const toLayer = layerOf(to);
      if (to !== from && toLayer < fromLayer) {
        context.report({
          node,
          message: `src/${from} (${layerName(fromLayer)}) may not import src/${to} (${layerName(toLayer)}): imports go down the layers ${ORDER} (web/layers.config.js, decision 0190).`,
        });
      }
    });
  },
};

const noCycle = {
  meta: { type: 'problem', docs: { description: 'web/src: no folder cycle and no cycle of static imports' }, schema: [] },
  create(context) {
    const file = context.filename;
    if (!inSrc(file)) return {};
    const from = folderOf(srcPath(file));
    return eachImport(context, (node, specifier, value, dynamic) => {
      const target = resolveModule(file, specifier);
      if (!target || !inSrc(target) || !/\.tsx?$/.test(target)) return;
      const { modules, folders } = srcGraph();
      const to = folderOf(srcPath(target));
      if (to !== from) {
        const back = folderPath(folders, to, from);
        if (back) {
          context.report({ node, message: `Folder cycle: src/${[from, ...back].join(' → src/')} (decision 0190: folders import one way).` });
          return;
        }
      }
      if (value && !dynamic) {
        const back = staticPath(modules, target, file);
        if (back) context.report({ node, message: `Import cycle: ${[srcPath(file), ...back].join(' → ')}.` });
      }
    });
  },
};

/**
 * The modules of a public page's first load: reached by static value imports from the entry and every
 * public page, through an index only to the modules whose names are taken (as the bundler shakes it).
 */
let publicModules;
export function publicFirstLoad() {
  if (publicModules) return publicModules;
  const routes = readFileSync(join(SRC, 'app/publicRoutes.ts'), 'utf8');
  const roots = ['src/main.tsx', ...[...routes.matchAll(/(?:module:|NOT_FOUND_MODULE =)\s*'(src\/[^']+)'/g)].map(([, path]) => path)].map((path) =>
    join(WEB, path),
  );
  const { modules } = srcGraph();
  const reached = new Map();
  const taken = new Map();
  const queue = roots.map((root) => ({ file: root, names: ['*'], from: srcPath(root) }));
  while (queue.length > 0) {
    const { file, names, from } = queue.shift();
    const before = taken.get(file);
    const fresh = before === undefined ? names : names.filter((name) => !before.has(name) && !before.has('*'));
    if (before !== undefined && fresh.length === 0) continue;
    taken.set(file, new Set([...(before ?? []), ...fresh]));
    const first = !reached.has(file);
    if (first) reached.set(file, from);
    for (const { target, value, dynamic, names: imported, reexport } of modules.get(file) ?? []) {
      if (!value || dynamic || !target || !inSrc(target) || !/\.tsx?$/.test(target)) continue;
      if (reexport) {
        const wanted = reexport.filter(([exported]) => fresh.includes('*') || exported === '*' || fresh.includes(exported)).map(([, name]) => name);
        if (wanted.length > 0) queue.push({ file: target, names: wanted, from });
      } else if (first) queue.push({ file: target, names: imported.length > 0 ? imported : ['*'], from });
    }
  }
  publicModules = { reached, pages: new Set(roots.slice(1)) };
  return publicModules;
}

/** What a public first-load module must not import (a package, or a part of a package), and why. */
const FORBIDDEN = [
  {
    match: (name) => name === '@apollo/client' || name.startsWith('@apollo/client/'),
    why: 'a public page runs without ApolloProvider in the browser (decision 0136): use the hooks of src/data, or load the part with lazyPart',
  },
  {
    match: (name) => name === '@mantine/core' || name === '@mantine/dropzone',
    why: "no Mantine component in a public first load (decision 0133): use the app's own in src/ui",
    except: /^styles\/(theme\.ts|ThemeProvider\.tsx)$/,
  },
  { match: (name) => name === 'zod' || name.startsWith('zod/'), why: "zod is in no public first load (decision 0113): read with the domain's plain rules" },
];

const publicPage = {
  meta: { type: 'problem', docs: { description: 'web/src: what a module of a public first load must not import' }, schema: [] },
  create(context) {
    const file = context.filename;
    if (!inSrc(file)) return {};
    const { reached, pages } = publicFirstLoad();
    if (!reached.has(file)) return {};
    const where = srcPath(file);
    return eachImport(context, (node, specifier, value, dynamic) => {
      if (!value || dynamic) return;
      const rule = FORBIDDEN.find((forbidden) => forbidden.match(specifier) && !forbidden.except?.test(where));
      if (rule) {
        context.report({
          node,
          message: `${where} is in a public page's first load (from ${reached.get(file)}), so it may not import ${specifier}: ${rule.why}.`,
        });
        return;
      }
      const target = resolveModule(file, specifier);
      if (target && inSrc(target) && /^pages\/.*\.tsx?$/.test(srcPath(target)) && !pages.has(target) && target !== file) {
        context.report({
          node,
          message: `${where} is in a public page's first load (from ${reached.get(file)}): import the screen ${srcPath(target)} with lazyPage, not statically.`,
        });
      }
    });
  },
};

export default { meta: { name: 'ruedas-web' }, rules: { layers, 'no-cycle': noCycle, 'public-page': publicPage } };
