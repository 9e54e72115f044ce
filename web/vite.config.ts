import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { gqlDocuments } from './scripts/gqlDocuments';
import { mantineVariables } from './scripts/mantineVariables';
import { precompress } from './scripts/precompress';
import { textsParts } from './scripts/textsPlugin';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const backend = 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [gqlDocuments(), textsParts(), mantineVariables(), react(), ...(isSsrBuild ? [] : [precompress()])],
  define: {
    __FRONTEND_VERSION__: JSON.stringify(version),
  },
  ssr: {
    // The domain package is TypeScript without a build step (decision 0001): bundled into the server entry.
    noExternal: ['@ruedas/domain'],
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The server reads it to preload each public page's chunks and to report first-load sizes.
        manifest: true,
        rolldownOptions: {
          // An unused React.forwardRef(...) has no effect: wouter's Link (the app has its own) is left out.
          treeshake: { manualPureFunctions: ['forwardRef'] },
          output: {
            // Libraries change less often than the app: separate chunks stay cached across releases.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                // graphql's printer alone: the deferred data hooks send a mutation for no cache with it (decision 0136).
                {
                  name: 'graphql-printer',
                  test: /node_modules[\\/]graphql[\\/](language[\\/](printer|printString|blockString|visitor|ast|kinds|characterClasses)|jsutils[\\/](devAssert|inspect))\.m?js$/,
                  priority: 3,
                },
                // tslib on its own: Apollo's @wry/optimism and Mantine's Modal (react-remove-scroll) both use it; in
                // Apollo's chunk, a photo lightbox would load all of Apollo Client with it.
                { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/, priority: 3 },
                { name: 'apollo', test: /node_modules[\\/](@apollo|@wry|graphql|optimism|rxjs)[\\/]/, priority: 2 },
                // The validation library: only the pages with forms or search filters load it.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/graphql': backend,
      '/api': backend,
    },
  },
  preview: {
    proxy: {
      '/graphql': backend,
      '/api': backend,
    },
  },
}));
