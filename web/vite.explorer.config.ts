import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The GraphQL explorer (GraphiQL) as its own small app under dist/explorer, built after the web app
// (whose build empties dist). Never loaded by a public page.
export default defineConfig({
  root: 'explorer',
  base: '/explorer/',
  plugins: [react()],
  build: { outDir: '../dist/explorer', emptyOutDir: true },
});
