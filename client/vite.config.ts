/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

// Mirrors the `paths` in the root tsconfig.json.
const aliases = {
  '@server': fileURLToPath(new URL('../server', import.meta.url)),
  '@client': fileURLToPath(new URL('../client', import.meta.url)),
  '@admin': fileURLToPath(new URL('../admin', import.meta.url)),
};

export default defineConfig({
  root: clientRoot,
  // Keep Vite/Vitest caches in the repo's node_modules, not client/node_modules.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/client', import.meta.url)),
  plugins: [react()],
  resolve: { alias: aliases },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/trpc', '/api', '/uploads', '/healthz', '/readyz'].map((prefix) => [
        prefix,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
  test: {
    name: 'client',
    // Vite's root is client/ (for index.html); tests are globbed from the repo root so the
    // include patterns read the same whether this file is run directly or as a Vitest project.
    dir: repoRoot,
    include: ['client/**/*.test.tsx', 'client/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: [fileURLToPath(new URL('./testing/setup.ts', import.meta.url))],
    restoreMocks: true,
  },
});
