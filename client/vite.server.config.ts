import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lingui } from './vite-plugins/lingui';
import { aliases } from './vite-aliases';

/**
 * The server's build of the shopper app (issue 18): one module, `dist/client-server/server-render.js`,
 * that renders the home page's first screen with React's server renderer at request time
 * (client/app/server-render.tsx, loaded by server/http/page-render.ts). Everything it imports is
 * bundled in (CSS imports are dropped), so the server loads it without Vite.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/client-server', import.meta.url)),
  plugins: [...lingui(), react()],
  resolve: { alias: aliases },
  ssr: { noExternal: true },
  build: {
    ssr: 'app/server-render.tsx',
    outDir: '../dist/client-server',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
  },
});
