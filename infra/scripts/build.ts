// Compiles the launcher for `npm start` and the Docker image (decision 0053, amending 0001): one
// ES module, dist/main.mjs, holding the launcher and every @ruedas/* workspace it imports, compiled
// from TypeScript by esbuild; other packages stay imports resolved by Node from node_modules. A
// start then spends no time in tsx's loader (resolving and transforming some 200 files at every
// start). Files read beside their source (`new URL('./schema.graphql', import.meta.url)`) are still
// read from the source tree: each module's `import.meta.url` is its source file's URL, relative to
// the bundle, so the tree moves as a whole. Tests and `npm run serve` keep running the source.
//   node --import tsx scripts/build.ts
import { readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const outfile = fileURLToPath(new URL('../dist/main.mjs', import.meta.url));

const sourceUrls: Plugin = {
  name: 'ruedas-source-urls',
  setup(builder) {
    // Bare imports other than the workspaces are left to Node (node_modules, node: builtins).
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ruedas/') ? undefined : { path: args.path, external: true }));
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const source = JSON.stringify(relative(dirname(outfile), args.path).split('\\').join('/'));
      return { contents: text.replaceAll('import.meta.url', `new URL(${source}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const started = performance.now();
const result = await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name the TypeScript files and lines.
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  plugins: [sourceUrls],
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`infra: dist/main.mjs from ${inputs} files in ${Math.round(performance.now() - started)} ms`);
