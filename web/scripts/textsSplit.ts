import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { NOT_FOUND_MODULE, PUBLIC_ROUTES } from '../src/app/publicRoutes';

/**
 * Which texts the public pages need (decision 0110), derived from the code, not kept by hand: the
 * modules a public page can run are those reached from the entry and the public pages' modules
 * through imports (static and dynamic), except the dynamic imports handed to `lazyPage` (a
 * signed-in, seller or admin screen) or `lazyPart` (an on-demand part: menus, drawer, lightbox,
 * report form), which load the rest of the texts with their code. A public key is one those modules
 * name: a string equal to a key (or to a group of keys: all of them), the key of a plural
 * (`x` for `x_one`, `x_other`), or a template such as `catalogue.fields.${key}` (every key it can
 * make). Guessing too much only makes the public texts bigger; a key missed would show as its key
 * (the browser warns in the console, which the SSR browser tests fail on).
 */

/** The functions whose dynamic import is the boundary between public code and the rest. */
const BOUNDARIES = new Set(['lazyPage', 'lazyPart']);
/** The modules a public page starts from besides its own: the entry (index.html's script). */
const ENTRY = 'src/main.tsx';
const PLURAL = /_(zero|one|two|few|many|other)$/;

interface ModuleFacts {
  imports: string[];
  /** Dynamic imports handed to lazyPage/lazyPart. */
  boundaryImports: string[];
  strings: string[];
  templates: RegExp[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => existsSync(path) && statSync(path).isFile());
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `a.b.${x}.c` as /^a\.b\..+\.c$/, when it starts with a group's path (`a.b.`); else it says nothing
 * of a key (`${prefix}.title` is covered by the string naming the prefix, a group).
 */
function templatePattern(node: ts.TemplateExpression): RegExp | undefined {
  const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  if (!/^\w+\./.test(node.head.text)) return undefined;
  return new RegExp(`^${parts.map(escape).join('.+')}$`);
}

function isBoundaryImport(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && BOUNDARIES.has(parent.expression.text)) return true;
  }
  return false;
}

function moduleFacts(path: string): ModuleFacts {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const facts: ModuleFacts = { imports: [], boundaryImports: [], strings: [], templates: [] };
  const add = (list: string[], specifier: string) => {
    const resolved = resolveImport(path, specifier);
    if (resolved) list.push(resolved);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) add(facts.imports, node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) add(facts.imports, node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) add(isBoundaryImport(node) ? facts.boundaryImports : facts.imports, specifier.text);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) facts.strings.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      const pattern = templatePattern(node);
      if (pattern) facts.templates.push(pattern);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/** Every leaf of a language's texts as its dotted key (an array's items by index). */
export function leafKeys(texts: unknown, prefix = ''): string[] {
  if (texts === null || typeof texts !== 'object') return [prefix];
  return Object.entries(texts).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

/** The source modules a public page can run before anything loads the rest of the texts (paths from `webRoot`). */
export function publicModules(webRoot: string): Map<string, ModuleFacts> {
  const facts = new Map<string, ModuleFacts>();
  const factsOf = (path: string) => {
    let known = facts.get(path);
    if (!known) facts.set(path, (known = moduleFacts(path)));
    return known;
  };
  const roots = [ENTRY, ...PUBLIC_ROUTES.map((route) => route.module), NOT_FOUND_MODULE].map((module) => join(webRoot, module));
  const reached = new Map<string, ModuleFacts>();
  const pending = [...roots];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (reached.has(path)) continue;
    const known = factsOf(path);
    reached.set(path, known);
    pending.push(...known.imports);
  }
  return new Map([...reached].map(([path, known]) => [relative(webRoot, path), known]));
}

/** The keys (leaves of `texts`) the public modules use. */
export function publicKeys(webRoot: string, texts: unknown): Set<string> {
  const leaves = leafKeys(texts);
  const keys = new Set<string>();
  const bases = leaves.map((leaf) => [leaf, leaf.replace(PLURAL, '')] as const);
  for (const { strings, templates } of publicModules(webRoot).values()) {
    const named = new Set(strings);
    for (const [leaf, base] of bases) {
      if (named.has(leaf) || named.has(base) || templates.some((pattern) => pattern.test(leaf) || pattern.test(base))) keys.add(leaf);
    }
    for (const text of named) {
      if (!text.includes('.') && !leaves.some((leaf) => leaf === text)) continue;
      for (const leaf of leaves) if (leaf.startsWith(`${text}.`)) keys.add(leaf);
    }
  }
  return keys;
}

/** The texts restricted to some keys (`keep`) or to all the others. */
export function pickTexts(texts: unknown, keys: ReadonlySet<string>, keep: boolean, prefix = ''): unknown {
  if (texts === null || typeof texts !== 'object') return keys.has(prefix) === keep ? texts : undefined;
  const picked = Object.entries(texts)
    .map(([key, child]) => [key, pickTexts(child, keys, keep, prefix ? `${prefix}.${key}` : key)] as const)
    .filter(([, child]) => child !== undefined);
  return picked.length === 0 ? undefined : Object.fromEntries(picked);
}

/** The source files under src/ (for a build to watch). */
export const webSources = (webRoot: string) => sourceFiles(join(webRoot, 'src'));
