/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { devanagariFaces } from './vite-plugins/devanagari-faces';
import { homeRouteSize } from './vite-plugins/home-route-size';
import { precompress } from './vite-plugins/precompress';
import { prerenderShells } from './vite-plugins/prerender-shells';
import { lingui } from './vite-plugins/lingui';
import { aliases } from './vite-aliases';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: clientRoot,
  // Keep Vite/Vitest caches in the repo's node_modules, not client/node_modules.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/client', import.meta.url)),
  plugins: [
    // Lingui's macros and .po catalogs (docs/i18n.md), before React's transform.
    ...lingui(),
    react(),
    // The Hindi screens' Devanagari faces, cut from the package when the entry first imports them.
    devanagariFaces(),
    // The installable shell (issue 4): manifest, icons and a service worker that precaches the
    // shell and static assets so a repeat visit renders offline-first. Not in tests.
    ...(process.env.VITEST
      ? []
      : [
          VitePWA({
            registerType: 'autoUpdate',
            // Registered by client/lib/service-worker.ts once the page is idle, not at load (issue 18).
            injectRegister: false,
            includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon.png'],
            manifest: {
              id: '/',
              name: 'Bachat: pay at the outlet, save instantly',
              short_name: 'Bachat',
              description:
                'Find instant discounts at restaurants, cafés, shops and salons near you and pay your bill at the outlet.',
              lang: 'en-IN',
              start_url: '/',
              scope: '/',
              display: 'standalone',
              orientation: 'portrait',
              background_color: '#f7f8fa',
              theme_color: '#f26b1d',
              categories: ['shopping', 'food', 'lifestyle'],
              icons: [
                { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
                { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
                { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
                { src: '/icons/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
              ],
            },
            workbox: {
              globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
              // Web push: show the notification, open the right page on a tap (client/public/push-sw.js).
              importScripts: ['/push-sw.js'],
              // The route-neutral prerendered shell (client/app/shells.tsx); `/` has its own (index.html).
              navigateFallback: '/shell.html',
              // Server paths (the pay links /p/{code} included: the server redirects them) and the back office are never answered with the shopper shell.
              navigateFallbackDenylist: [/^\/(?:api|trpc|uploads|clientpage|healthz|readyz|metrics|p)(?:\/|$)/],
              cleanupOutdatedCaches: true,
              clientsClaim: true,
              runtimeCaching: [
                {
                  // Outlet photos and menus: show the stored copy at once, refresh in the background.
                  urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
                  handler: 'StaleWhileRevalidate',
                  options: {
                    cacheName: 'bachat-images',
                    expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
                  },
                },
                {
                  // Public discovery reads only (never a shopper's own data): network first, the
                  // last answer when offline.
                  urlPattern: ({ url, request }) =>
                    request.method === 'GET' &&
                    /^\/trpc\/(?:(?:categories\.list|cities\.list|outlets\.[A-Za-z]+)(?:,|$))+$/.test(url.pathname),
                  handler: 'NetworkFirst',
                  options: {
                    cacheName: 'bachat-discovery',
                    networkTimeoutSeconds: 4,
                    expiration: { maxEntries: 100, maxAgeSeconds: 24 * 60 * 60 },
                  },
                },
              ],
            },
          }),
          homeRouteSize(),
          // Issue 18: each route's first frame as HTML with its CSS inline, then every text file
          // Brotli- and gzip-compressed once, for the server to answer by negotiation.
          prerenderShells(),
          precompress(),
        ]),
  ],
  resolve: { alias: aliases },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: {
      // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
      polyfill: false,
      // The entry's import of the app's start (client/boot.tsx) preloads nothing itself: every shell
      // links that code and its CSS is inline (prerender-shells.ts), and a server-rendered page's
      // entry adds the links a few per task (client/lib/app-code.ts) instead of all in one.
      resolveDependencies: (file, deps) => (/(?:^|\/)boot-[\w-]+\.js$/.test(file) ? [] : deps),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/trpc', '/api', '/uploads', '/healthz', '/readyz', '/metrics'].map((prefix) => [
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
    // Pages that wait on several queries take longer than Vitest's 5 s default on a loaded 2-core CI box.
    testTimeout: 15_000,
  },
});
