/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from '../server/http/csp-nonce.ts';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: adminRoot,
  // Keep Vite/Vitest caches in the repo's node_modules, not admin/node_modules.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/admin', import.meta.url)),
  base: '/clientpage/sales/',
  plugins: [react()],
  // Every tag the build writes carries the placeholder, and a `<meta property="csp-nonce">` holds it;
  // the server puts a fresh nonce in its place in each response and allows it in style-src
  // (server/http/security-headers.ts `withCspNonce`). main.tsx gives it to emotion for MUI's styles.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    // Mirrors the `paths` in the root tsconfig.json.
    alias: {
      '@server': fileURLToPath(new URL('../server', import.meta.url)),
      '@client': fileURLToPath(new URL('../client', import.meta.url)),
      '@admin': fileURLToPath(new URL('../admin', import.meta.url)),
    },
    // One copy of each, shared with react-admin (CONVENTIONS, react-admin gotcha 5).
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack/react-query'],
  },
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    name: 'admin',
    // Vite's root is admin/; tests are globbed from the repo root (see client/vite.config.ts).
    dir: repoRoot,
    include: ['admin/**/*.test.tsx', 'admin/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: [fileURLToPath(new URL('./testing/setup.ts', import.meta.url))],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
